import { Download, History, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_PAGE_SIZES } from '#shared/limits';
import { formatDateTime } from '#shared/format-date';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { PageSizeSelect } from '#client/components/ui/page-size-select';
import { activeFilterCount, datesInverted, listSearchParams } from '#client/lib/list-filters';
import { pageCount } from '#client/lib/page-count';
import { startDownload } from '#client/lib/start-download';
import { useLanguage } from '#client/lib/use-language';
import { AUDIT_EXPORT_URL, useAuditLog } from './audit-queries';
import { useAdminEdition, withEdition } from '../edition';
import { AuditEntryItem } from './audit-entry-item';
import { AuditFilterPanel } from './audit-filter-panel';
import { browserTimeZone } from '../audit-filters';
import { PagedListCard } from '../paged-list-card';
import { TabHeading } from '../tab-heading';
import { useAuditView } from './use-audit-view';

/** The audit trail: every change made from the dashboard, newest first. Loaded on demand. */
export function ActivityTab() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const view = useAuditView();
  const { filters, page, pageSize, setPage } = view;
  const timeZone = useMemo(() => browserTimeZone(), []);
  const query = listSearchParams(filters, timeZone, { page, pageSize }).toString();
  // With the dates the wrong way round the server would answer 400: keep the last answer shown.
  const audit = useAuditLog(query, !datesInverted(filters));
  const edition = useAdminEdition();
  const { data, isPlaceholderData } = audit;

  const formatAt = useCallback(
    (iso: string) => formatDateTime(iso, language, timeZone),
    [language, timeZone],
  );

  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  useEffect(() => {
    if (data && !isPlaceholderData && page > pages) setPage(pages);
  }, [data, isPlaceholderData, page, pages, setPage]);

  function exportCsv() {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    startDownload(
      withEdition(`${AUDIT_EXPORT_URL}?${listSearchParams(filters, timeZone).toString()}`, edition),
      `audit-log-${day}.csv`,
    );
  }

  const filtered = activeFilterCount(filters) > 0;

  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-4">
      <TabHeading
        id="activity-heading"
        title={t('audit.heading')}
        action={
          <Button variant="outline" disabled={!data?.total} onClick={exportCsv}>
            <Download aria-hidden="true" />
            {t('audit.exportCsv')}
          </Button>
        }
      >
        <p className="text-sm text-muted-foreground">{t('audit.intro', { zone: timeZone })}</p>
      </TabHeading>
      <AuditFilterPanel
        filters={filters}
        actorInput={view.actorInput}
        onActorInput={view.setActorInput}
        onFilter={view.setFilter}
        onReset={view.reset}
      />
      <PagedListCard
        texts="audit"
        query={audit}
        shown={
          data && {
            rows: data.entries,
            total: data.total,
            page: data.page,
            pageSize: data.pageSize,
          }
        }
        aside={
          <PageSizeSelect
            label={t('audit.pageSize')}
            sizes={TRACKING_PAGE_SIZES}
            value={pageSize}
            onChange={view.setPageSize}
          />
        }
        page={page}
        onPage={setPage}
        empty={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title={t('audit.noMatchTitle')}
              text={t('audit.noMatchText')}
              as="h3"
            />
          ) : (
            <EmptyState
              icon={History}
              title={t('audit.emptyTitle')}
              text={t('audit.emptyText')}
              as="h3"
            />
          )
        }
      >
        {(entry) => <AuditEntryItem key={entry.id} entry={entry} formatAt={formatAt} />}
      </PagedListCard>
    </section>
  );
}
