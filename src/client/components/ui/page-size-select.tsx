import { useId } from 'react';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

interface PageSizeSelectProps<T extends number> {
  /** The visible label beside the select ('Rows per page'). */
  label: string;
  sizes: readonly T[];
  value: T;
  onChange: (size: T) => void;
}

/** How many rows a page of a list shows, chosen among `sizes`; the label names the select. */
export function PageSizeSelect<T extends number>({
  label,
  sizes,
  value,
  onChange,
}: PageSizeSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm font-normal whitespace-nowrap text-muted-foreground">
        {label}
      </Label>
      <Select
        value={String(value)}
        onValueChange={(next) => {
          const size = sizes.find((candidate) => String(candidate) === next);
          if (size !== undefined) onChange(size);
        }}
      >
        <SelectTrigger id={id} className="h-9 w-20">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {sizes.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
