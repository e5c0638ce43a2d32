import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRACKING_PAGE_SIZES } from '#shared/limits';
import type { TrackingResponse } from '#shared/schemas/tracking';
import { EmptyState } from '#client/components/empty-state';
import { PagedCard } from '#client/components/paged-card';
import { PageSizeSelect } from '#client/components/ui/page-size-select';
import { PaymentCards } from './payment-cards';
import { PaymentTable } from './payment-table';
import { PaymentsSkeleton } from './payments-skeleton';
import type { TrackingState } from './use-tracking-state';

interface PaymentsPanelProps {
  state: TrackingState;
  data: TrackingResponse | undefined;
  isError: boolean;
  /** A new page or filter is loading while the previous answer is still on screen. */
  isUpdating: boolean;
  onRetry: () => void;
}

/** The payments matching the filters, a page at a time: a table on wide screens, cards on phones. */
export function PaymentsPanel({ state, data, isError, isUpdating, onRetry }: PaymentsPanelProps) {
  const { t } = useTranslation('tracking');
  return (
    <PagedCard
      texts={{
        showing: (range) => t('table.showing', range),
        loadFailed: t('error'),
        paginationLabel: t('pagination.label'),
        previous: t('pagination.previous'),
        next: t('pagination.next'),
        position: (at) => t('pagination.pageOf', { ...at, total: data?.total }),
      }}
      shown={
        data && {
          rows: data.recentPayments,
          total: data.total,
          page: data.page,
          pageSize: data.pageSize,
        }
      }
      isError={isError}
      isUpdating={isUpdating}
      onRetry={onRetry}
      page={state.page}
      onPage={state.setPage}
      aside={
        <PageSizeSelect
          label={t('pagination.pageSize')}
          sizes={TRACKING_PAGE_SIZES}
          value={state.pageSize}
          onChange={state.setPageSize}
        />
      }
      loading={
        <div role="status" aria-busy="true" aria-label={t('table.loading')}>
          <PaymentsSkeleton />
        </div>
      }
      empty={
        <EmptyState icon={SearchX} title={t('table.emptyTitle')} text={t('table.emptyText')} />
      }
    >
      {(payments) => (
        <>
          <div className="hidden md:block">
            <PaymentTable payments={payments} timeZone={state.timeZone} />
          </div>
          <div className="md:hidden">
            <PaymentCards payments={payments} timeZone={state.timeZone} />
          </div>
        </>
      )}
    </PagedCard>
  );
}
