import { cn } from '#client/lib/cn';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
}

interface LabelledSelectProps<T extends string> {
  id: string;
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  className?: string;
  triggerClassName?: string;
}

/**
 * A visible label above a select; the label names the control and focuses it when clicked. The
 * chosen value is handed back as one of the options' own values, so a union of strings stays one.
 */
export function LabelledSelect<T extends string>({
  id,
  label,
  value,
  onValueChange,
  options,
  className,
  triggerClassName,
}: LabelledSelectProps<T>) {
  const labelId = `${id}-label`;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <Select
        value={value}
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onValueChange(option.value);
        }}
      >
        <SelectTrigger id={id} aria-labelledby={labelId} className={triggerClassName}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
