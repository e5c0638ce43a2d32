import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_PAGE_SIZES } from '#shared/limits';
import { Label } from '#client/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select';
import type { TrackingPageSize } from './use-tracking-state';

interface PageSizeSelectProps {
  value: TrackingPageSize;
  onChange: (pageSize: TrackingPageSize) => void;
}

export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  const { t } = useTranslation('tracking');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm font-normal whitespace-nowrap text-muted-foreground">
        {t('pagination.pageSize')}
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
