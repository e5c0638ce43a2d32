import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_PAGE_SIZES } from '#shared/limits';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select';

export type AuditPageSize = (typeof TRACKING_PAGE_SIZES)[number];

export function AuditPageSizeSelect({
  value,
  onChange,
}: {
  value: AuditPageSize;
  onChange: (size: AuditPageSize) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm font-normal whitespace-nowrap text-muted-foreground">
        {t('audit.pageSize')}
      </Label>
      <Select
        value={String(value)}
        onValueChange={(next) => {
          const size = TRACKING_PAGE_SIZES.find((candidate) => String(candidate) === next);
          if (size) onChange(size);
        }}
      >
        <SelectTrigger id={id} className="h-9 w-20">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TRACKING_PAGE_SIZES.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Previous/Next and 'Page x of y'; nothing when everything fits on one page. */
export function AuditPagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t('audit.pagination.label')}
      className="flex items-center justify-between gap-2 border-t border-border px-4 py-3"
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('audit.pagination.previous')}</span>
      </Button>
      <p className="text-center text-sm text-muted-foreground tabular-nums">
        {t('audit.pagination.pageOf', { page, pages })}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span className="sr-only sm:not-sr-only">{t('audit.pagination.next')}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
