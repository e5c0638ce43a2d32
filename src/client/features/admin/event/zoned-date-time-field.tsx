import { useTranslation } from 'react-i18next';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';

interface ZonedDateTimeFieldProps {
  id: string;
  legend: string;
  date: string;
  time: string;
  onDateChange: (value: string) => void;
  onTimeChange: (value: string) => void;
  hint: string;
  error: string | undefined;
}

/** A date and a time on the event's clock, under one legend, with one hint and one error. */
export function ZonedDateTimeField({
  id,
  legend,
  date,
  time,
  onDateChange,
  onTimeChange,
  hint,
  error,
}: ZonedDateTimeFieldProps) {
  const { t } = useTranslation('admin');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const legendId = `${id}-legend`;
  const control = (part: 'date' | 'time') => ({
    id: `${id}-${part}`,
    // "Voting opens Date": the legend says which bound, the label which half.
    'aria-labelledby': `${legendId} ${id}-${part}-label`,
    'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
    'aria-invalid': error ? true : undefined,
  });
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend id={legendId} className="mb-1.5 text-sm font-medium text-foreground">
        {legend}
      </legend>
      <div className="grid grid-cols-[minmax(0,1fr)_8.75rem] gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Label
            id={`${id}-date-label`}
            htmlFor={`${id}-date`}
            className="text-xs text-muted-foreground"
          >
            {t('event.form.date')}
          </Label>
          <Input
            {...control('date')}
            type="date"
            value={date}
            onChange={(event) => onDateChange(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label
            id={`${id}-time-label`}
            htmlFor={`${id}-time`}
            className="text-xs text-muted-foreground"
          >
            {t('event.form.time')}
          </Label>
          <Input
            {...control('time')}
            type="time"
            value={time}
            onChange={(event) => onTimeChange(event.target.value)}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </fieldset>
  );
}
