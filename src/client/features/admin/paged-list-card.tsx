import { AlertTriangle } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Card } from '#client/components/ui/card';
import { PaginationNav } from '#client/components/ui/pagination-nav';
import { cn } from '#client/lib/cn';

interface PagedListCardProps {
  /** "Showing 1–50 of 230", or null while there is nothing to count. */
  showing: string | null;
  /** Beside that line (a page size select). */
  aside?: ReactNode;
  /** A refresh failed while the previous answer is still shown: what to say, and a retry. */
  staleError: { message: string; retry: ReactNode } | null;
  /** The next page is loading over the one shown. */
  busy: boolean;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** PaginationNav's texts; no navigation at all before the first answer. */
  pagination: { label: string; previous: string; next: string; position: string } | null;
  children: ReactNode;
}

/**
 * A list of an admin tab read a page at a time (the audit trail, the messages to voters): a
 * status line counting what is shown, the list, and Previous/Next. Next sits below the last item,
 * so a page change brings the new page's top into view and puts focus there: a keyboard or
 * screen-reader user carries on from its first item.
 */
export function PagedListCard({
  showing,
  aside,
  staleError,
  busy,
  page,
  pages,
  onPage,
  pagination,
  children,
}: PagedListCardProps) {
  const top = useRef<HTMLParagraphElement>(null);
  function goToPage(next: number) {
    onPage(next);
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.focus({ preventScroll: true });
  }
  return (
    <Card className="overflow-hidden">
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3">
        <p
          ref={top}
          role="status"
          tabIndex={-1}
          className="scroll-mt-20 text-sm text-muted-foreground tabular-nums outline-none"
        >
          {showing}
        </p>
        {aside}
      </div>
      {staleError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-2 text-sm text-destructive"
        >
          <AlertTriangle className="size-4" aria-hidden="true" />
          {staleError.message}
          {staleError.retry}
        </div>
      ) : null}
      <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
        {children}
      </div>
      {pagination ? (
        <PaginationNav page={page} pages={pages} onPage={goToPage} {...pagination} />
      ) : null}
    </Card>
  );
}
