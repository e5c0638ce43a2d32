import { AlertTriangle } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PaginationNav } from '#client/components/ui/pagination-nav';
import { cn } from '#client/lib/cn';
import { SectionSpinner } from './section-spinner';

/** The answer shown (maybe the previous one while the next loads): one page of the list. */
export interface ListPage<Row> {
  rows: readonly Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the card reads of the list's query (TanStack Query's result has all of it). */
export interface ListQueryState {
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

interface PagedListCardProps<Row> {
  /**
   * The list's section of the admin texts: its `listLabel`, `showing`, `loadFailed` and
   * `pagination.label`. Previous, Next and "Page n of m" are the audit trail's, the same for
   * every list.
   */
  texts: 'audit' | 'messages';
  query: ListQueryState;
  /** Undefined before the first answer. */
  shown: ListPage<Row> | undefined;
  /** Beside the count (a page size select). */
  aside?: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** In place of the list when the page has no rows (nothing yet, or nothing that matches). */
  empty: ReactNode;
  /** One row, as an item of the list (with its key). */
  children: (row: Row) => ReactNode;
}

/**
 * A list of an admin tab read a page at a time (the audit trail, the messages to voters): a
 * status line counting what is shown, the list (or a spinner, a failure to load with a retry, or
 * what the tab says when there is nothing), and Previous/Next. Next sits below the last item, so
 * a page change brings the new page's top into view and puts focus there: a keyboard or
 * screen-reader user carries on from its first item.
 */
export function PagedListCard<Row>({
  texts,
  query,
  shown,
  aside,
  page,
  pages,
  onPage,
  empty,
  children,
}: PagedListCardProps<Row>) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const top = useRef<HTMLParagraphElement>(null);
  function goToPage(next: number) {
    onPage(next);
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.focus({ preventScroll: true });
  }

  const retry = (
    <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
      {tc('actions.tryAgain')}
    </Button>
  );
  let body;
  if (!shown && query.isError) {
    body = (
      <EmptyState icon={AlertTriangle} title={t(`${texts}.loadFailed`)} action={retry} as="h3" />
    );
  } else if (!shown) {
    body = <SectionSpinner />;
  } else if (shown.rows.length === 0) {
    body = empty;
  } else {
    body = (
      <ul aria-label={t(`${texts}.listLabel`)} className="divide-y divide-border">
        {shown.rows.map((row) => children(row))}
      </ul>
    );
  }
  const first = shown ? (shown.page - 1) * shown.pageSize + 1 : 0;
  const last = shown ? first + shown.rows.length - 1 : 0;
  const busy = query.isFetching && query.isPlaceholderData;

  return (
    <Card className="overflow-hidden">
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3">
        <p
          ref={top}
          role="status"
          tabIndex={-1}
          className="scroll-mt-20 text-sm text-muted-foreground tabular-nums outline-none"
        >
          {shown && shown.rows.length > 0
            ? t(`${texts}.showing`, { from: first, to: last, total: shown.total })
            : null}
        </p>
        {aside}
      </div>
      {query.isError && shown ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-2 text-sm text-destructive"
        >
          <AlertTriangle className="size-4" aria-hidden="true" />
          {t(`${texts}.loadFailed`)}
          {retry}
        </div>
      ) : null}
      <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
        {body}
      </div>
      {shown ? (
        <PaginationNav
          page={page}
          pages={pages}
          onPage={goToPage}
          label={t(`${texts}.pagination.label`)}
          previous={t('audit.pagination.previous')}
          next={t('audit.pagination.next')}
          position={t('audit.pagination.pageOf', { page, pages })}
        />
      ) : null}
    </Card>
  );
}
