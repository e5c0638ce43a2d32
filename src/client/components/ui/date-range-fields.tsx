import { Input } from './input';
import { Label } from './label';

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  errorId: string | undefined;
  onChange: (value: string) => void;
}

function DateField({ id, label, value, min, max, errorId, onChange }: DateFieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        className="px-2"
        value={value}
        min={min}
        max={max}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

const errorIdOf = (id: string) => `${id}-dates-error`;

/** Days as the date input gives them (YYYY-MM-DD), '' for none. */
export interface DateRange {
  from: string;
  to: string;
}

interface DateRangeFieldsProps {
  /** Prefix of the fields' ids (`-from`, `-to`); give `DateRangeError` the same. */
  id: string;
  range: DateRange;
  labels: DateRange;
  /** From is after To: both fields are marked invalid and described by `DateRangeError`. */
  inverted: boolean;
  onChange: (field: keyof DateRange, value: string) => void;
}

/**
 * From and To, each bounding the other's picker. They are two cells of the caller's grid, so the
 * error goes apart, in `DateRangeError`, wherever the layout has room for a line.
 */
export function DateRangeFields({ id, range, labels, inverted, onChange }: DateRangeFieldsProps) {
  const errorId = inverted ? errorIdOf(id) : undefined;
  return (
    <>
      <DateField
        id={`${id}-from`}
        label={labels.from}
        value={range.from}
        max={range.to || undefined}
        errorId={errorId}
        onChange={(value) => onChange('from', value)}
      />
      <DateField
        id={`${id}-to`}
        label={labels.to}
        value={range.to}
        min={range.from || undefined}
        errorId={errorId}
        onChange={(value) => onChange('to', value)}
      />
    </>
  );
}

/** Says the range is inverted, as an alert that the two fields point to; nothing otherwise. */
export function DateRangeError({
  id,
  inverted,
  message,
}: {
  id: string;
  inverted: boolean;
  message: string;
}) {
  if (!inverted) return null;
  return (
    <p id={errorIdOf(id)} role="alert" className="mt-2 text-sm text-destructive">
      {message}
    </p>
  );
}
