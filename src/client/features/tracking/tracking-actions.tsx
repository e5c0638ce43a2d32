import { Download, Loader2, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { isUnauthorizedError } from '#client/lib/api-error';
import { useAdminEdition } from '#client/features/admin/index';
import { downloadExport } from './download-export';
import { listSearchParams } from '#client/lib/list-filters';
import type { TrackingFilters } from './tracking-filters';
import { useCheckCampay } from './api/tracking-queries';
import type { TrackingTimeZone } from './tracking-timezone';

interface TrackingActionsProps {
  filters: TrackingFilters;
  timeZone: TrackingTimeZone;
  /** Payments matching the filters (all pages); undefined until the first answer. */
  total: number | undefined;
}

/** Export CSV of the whole filtered set, and the manual Campay reconciliation. */
export function TrackingActions({ filters, timeZone, total }: TrackingActionsProps) {
  const { t } = useTranslation('tracking');
  const checkCampay = useCheckCampay();
  const edition = useAdminEdition();

  function exportCsv() {
    if (!total) {
      window.alert(t('toasts.noData'));
      return;
    }
    downloadExport(listSearchParams(filters, timeZone), timeZone, edition);
    toast({ title: t('toasts.exported', { n: total }) });
  }

  function check() {
    checkCampay.mutate(undefined, {
      onSuccess: (result) =>
        toast({ title: t('toasts.checked', { checked: result.checked, updated: result.updated }) }),
      onError: (error) => {
        // A 401 already has its own toast and a redirect to sign in (query-client.ts).
        if (isUnauthorizedError(error)) return;
        toast({
          title: t('toasts.checkFailedTitle'),
          description: t('toasts.checkFailed'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button variant="outline" disabled={!total} onClick={exportCsv}>
        <Download aria-hidden="true" />
        {t('actions.exportCsv')}
      </Button>
      <Button
        variant="default"
        disabled={checkCampay.isPending}
        aria-busy={checkCampay.isPending || undefined}
        onClick={check}
      >
        {checkCampay.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCw aria-hidden="true" />
        )}
        {checkCampay.isPending ? t('actions.checking') : t('actions.checkCampay')}
      </Button>
    </div>
  );
}
