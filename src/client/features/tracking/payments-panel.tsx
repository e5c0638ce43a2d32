import { AlertTriangle, SearchX } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_PAGE_SIZES } from '#shared/limits';
import type { TrackingResponse } from '#shared/schemas/tracking';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PageSizeSelect } from '#client/components/ui/page-size-select';
import { PaginationNav } from '#client/components/ui/pagination-nav';
import { cn } from '#client/lib/cn';
import { pageCount } from '#client/lib/page-count';
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

export function PaymentsPanel({ state, data, isError, isUpdating, onRetry }: PaymentsPanelProps) {
  const { t } = useTranslation('tracking');
  const { t: tc } = useTranslation('common');
  const top = useRef<HTMLParagraphElement>(null);

  // Next sits below the last row: bring the new page's first row into view, and put focus there
  // so a keyboard or screen-reader user continues from the top of the new page.
  function goToPage(page: number) {
    state.setPage(page);
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.focus({ preventScroll: true });
  }
  const retry = (
    <Button variant="outline" size="sm" onClick={onRetry}>
      {tc('actions.tryAgain')}
    </Button>
  );

  let body;
  if (!data && isError) {
    body = <EmptyState icon={AlertTriangle} title={t('error')} action={retry} />;
  } else if (!data) {
    body = (
      <div role="status" aria-busy="true" aria-label={t('table.loading')}>
        <PaymentsSkeleton />
      </div>
    );
  } else if (data.recentPayments.length === 0) {
    body = <EmptyState icon={SearchX} title={t('table.emptyTitle')} text={t('table.emptyText')} />;
  } else {
    body = (
      <>
        <div className="hidden md:block">
          <PaymentTable payments={data.recentPayments} timeZone={state.timeZone} />
        </div>
        <div className="md:hidden">
          <PaymentCards payments={data.recentPayments} timeZone={state.timeZone} />
        </div>
      </>
    );
  }

  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const last = data ? first + data.recentPayments.length - 1 : 0;

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3">
        <p
          ref={top}
          role="status"
          tabIndex={-1}
          className="scroll-mt-20 text-sm text-muted-foreground tabular-nums outline-none"
        >
          {data && data.recentPayments.length > 0
            ? t('table.showing', { from: first, to: last, total: data.total })
            : null}
        </p>
        <PageSizeSelect
          label={t('pagination.pageSize')}
          sizes={TRACKING_PAGE_SIZES}
          value={state.pageSize}
          onChange={state.setPageSize}
        />
      </div>
      {isError && data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-b border-border bg-[#fef3f2] px-4 py-2 text-sm text-destructive"
        >
          <AlertTriangle className="size-4" aria-hidden="true" />
          {t('error')}
          {retry}
        </div>
      ) : null}
      <div
        aria-busy={isUpdating || undefined}
        className={cn('transition-opacity', isUpdating && 'opacity-60')}
      >
        {body}
      </div>
      {data ? (
        <PaginationNav
          page={state.page}
          pages={pages}
          onPage={goToPage}
          label={t('pagination.label')}
          previous={t('pagination.previous')}
          next={t('pagination.next')}
          position={t('pagination.pageOf', { page: state.page, pages, total: data.total })}
        />
      ) : null}
    </Card>
  );
}
