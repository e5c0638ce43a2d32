import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

interface LabelledSelectProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  className?: string;
  triggerClassName?: string;
}

/** A visible label above a select; the label names the control and focuses it when clicked. */
export function LabelledSelect({
  id,
  label,
  value,
  onValueChange,
  options,
  className,
  triggerClassName,
}: LabelledSelectProps) {
  const labelId = `${id}-label`;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <Select value={value} onValueChange={onValueChange}>
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
