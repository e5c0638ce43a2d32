import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button';

interface TrackingPaginationProps {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous/Next and 'Page x of y (n total)'; nothing at all when everything fits on one page. */
export function TrackingPagination({ page, pages, total, onPage }: TrackingPaginationProps) {
  const { t } = useTranslation('tracking');
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex items-center justify-between gap-2 border-t border-border px-4 py-3"
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
      </Button>
      <p className="text-center text-sm text-muted-foreground tabular-nums">
        {t('pagination.pageOf', { page, pages, total })}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
