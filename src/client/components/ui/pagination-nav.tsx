import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

interface PaginationNavProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark ('Pagination'). */
  label: string;
  previous: string;
  next: string;
  /** Where the reader is, between the buttons ('Page 2 of 5'). */
  position: string;
}

/**
 * Previous and Next around the current position; nothing at all when everything fits on one page.
 * On phones the buttons show their arrows only, their texts staying their names.
 */
export function PaginationNav({
  page,
  pages,
  onPage,
  label,
  previous,
  next,
  position,
}: PaginationNavProps) {
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className="flex items-center justify-between gap-2 border-t border-border px-4 py-3"
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{previous}</span>
      </Button>
      <p className="text-center text-sm text-muted-foreground tabular-nums">{position}</p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span className="sr-only sm:not-sr-only">{next}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
