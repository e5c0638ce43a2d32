import { AlertTriangle } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PaginationNav } from '#client/components/ui/pagination-nav';
import { cn } from '#client/lib/cn';
import { pageCount } from '#client/lib/page-count';

/** The answer shown (maybe the previous one while the next loads): one page of the list. */
export interface ListPage<Row> {
  rows: readonly Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** Each screen words its own list, from its own locale namespace. */
export interface PagedCardTexts {
  /** The status line over the rows ("Showing 1–25 of 140"). */
  showing: (range: { from: number; to: number; total: number }) => string;
  /** Said in place of the rows, or over the previous ones, when a page could not be read. */
  loadFailed: string;
  /** Names the pagination landmark. */
  paginationLabel: string;
  previous: string;
  next: string;
  /** Between Previous and Next ("Page 2 of 5"). */
  position: (at: { page: number; pages: number }) => string;
}

interface PagedCardProps<Row> {
  texts: PagedCardTexts;
  /** Undefined before the first answer. */
  shown: ListPage<Row> | undefined;
  isError: boolean;
  /** A new page or filter is loading while the previous answer is still on screen. */
  isUpdating: boolean;
  onRetry: () => void;
  /** The page asked for, which the previous answer may still stand in for. */
  page: number;
  onPage: (page: number) => void;
  /** Beside the count (a page size select). */
  aside?: ReactNode;
  /** In place of the rows before the first answer. */
  loading: ReactNode;
  /** In place of the rows when the page has none (nothing yet, or nothing that matches). */
  empty: ReactNode;
  /** Level of the failure's heading, so it fits the outline the card sits in. */
  headingLevel?: 'h2' | 'h3';
  /** The page's rows (only called when there are some). */
  children: (rows: readonly Row[]) => ReactNode;
}

/**
 * A list read from the server a page at a time (the audit trail, the messages to voters, the
 * payments of voter tracking): a status line counting what is shown, the rows (or what stands in
 * for them: loading, a failure with a retry, nothing to show), and Previous/Next. Next sits below
 * the last row, so a page change brings the new page's top into view and puts focus there: a
 * keyboard or screen-reader user carries on from its first row.
 */
export function PagedCard<Row>({
  texts,
  shown,
  isError,
  isUpdating,
  onRetry,
  page,
  onPage,
  aside,
  loading,
  empty,
  headingLevel,
  children,
}: PagedCardProps<Row>) {
  const { t: tc } = useTranslation('common');
  const top = useRef<HTMLParagraphElement>(null);
  function goToPage(next: number) {
    onPage(next);
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.focus({ preventScroll: true });
  }

  const retry = (
    <Button variant="outline" size="sm" onClick={onRetry}>
      {tc('actions.tryAgain')}
    </Button>
  );
  let body;
  if (!shown && isError) {
    body = (
      <EmptyState icon={AlertTriangle} title={texts.loadFailed} action={retry} as={headingLevel} />
    );
  } else if (!shown) {
    body = loading;
  } else if (shown.rows.length === 0) {
    body = empty;
  } else {
    body = children(shown.rows);
  }
  const first = shown ? (shown.page - 1) * shown.pageSize + 1 : 0;
  const last = shown ? first + shown.rows.length - 1 : 0;
  const pages = shown ? pageCount(shown.total, shown.pageSize) : 1;

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
            ? texts.showing({ from: first, to: last, total: shown.total })
            : null}
        </p>
        {aside}
      </div>
      {isError && shown ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-b border-border bg-[#fef3f2] px-4 py-2 text-sm text-destructive"
        >
          <AlertTriangle className="size-4" aria-hidden="true" />
          {texts.loadFailed}
          {retry}
        </div>
      ) : null}
      <div
        aria-busy={isUpdating || undefined}
        className={cn('transition-opacity', isUpdating && 'opacity-60')}
      >
        {body}
      </div>
      {shown ? (
        <PaginationNav
          page={page}
          pages={pages}
          onPage={goToPage}
          label={texts.paginationLabel}
          previous={texts.previous}
          next={texts.next}
          position={texts.position({ page, pages })}
        />
      ) : null}
    </Card>
  );
}
