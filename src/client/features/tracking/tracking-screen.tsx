import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentsPanel } from './payments-panel';
import { SummaryCards } from './summary-cards';
import { BlockedPromptsNotice } from './blocked-prompts-notice';
import { TrackingActions } from './tracking-actions';
import { FilterPanel } from './filter-panel';
import { pageCount } from '#client/lib/page-count';
import { datesInverted, listSearchParams } from '#client/lib/list-filters';
import { useTrackingPage } from './api/tracking-queries';
import { useTrackingState } from './use-tracking-state';

/** The voter tracking screen itself, for a signed-in admin. */
export function TrackingScreen() {
  const { t } = useTranslation('tracking');
  const state = useTrackingState();
  const { filters, timeZone, page, pageSize, setPage } = state;
  const query = listSearchParams(filters, timeZone, { page, pageSize }).toString();
  // With the dates the wrong way round the server would answer 400: keep the last answer shown.
  const tracking = useTrackingPage(query, !datesInverted(filters));
  const { data, isPlaceholderData } = tracking;

  // Payments settle or expire between refreshes: if the set shrank below the current page, go to
  // the last page that still exists rather than showing an empty one.
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  useEffect(() => {
    if (data && !isPlaceholderData && page > pages) setPage(pages);
  }, [data, isPlaceholderData, page, pages, setPage]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:gap-5 sm:px-6 sm:py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('intro')}</p>
        </div>
        <TrackingActions filters={filters} timeZone={timeZone} total={data?.total} />
      </div>
      {/* On phones the search comes before the summaries: finding the caller's payment is the
            job, and it should not sit below the fold. */}
      <div className="order-2 flex flex-col gap-3 md:order-1">
        <SummaryCards data={data} />
        <BlockedPromptsNotice />
      </div>
      <div className="order-1 md:order-2">
        <FilterPanel state={state} />
      </div>
      <div className="order-3">
        <PaymentsPanel
          state={state}
          data={data}
          isError={tracking.isError}
          isUpdating={tracking.isFetching && isPlaceholderData}
          onRetry={() => void tracking.refetch()}
        />
      </div>
    </div>
  );
}
