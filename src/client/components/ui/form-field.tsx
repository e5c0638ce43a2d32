import type { ReactNode } from 'react';
import { Label } from './label';
import { cn } from '#client/lib/cn';

/** Wiring a control needs to be announced with its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown next to the label, e.g. a "machine translated" note. */
  labelExtra?: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error, tied together with ids so assistive tech reads them all. */
export function FormField({
  id,
  label,
  labelExtra,
  required,
  hint,
  error,
  className,
  children,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {/* A fixed minimum height keeps side-by-side fields aligned when one label carries a note. */}
      <div className="flex min-h-6 flex-wrap items-center gap-x-2 gap-y-1">
        {/* The star sits outside the label so the field's name stays exactly the label; the
            control's `required` tells assistive tech. */}
        <span className="inline-flex items-baseline">
          <Label htmlFor={id}>{label}</Label>
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-sm leading-none text-destructive">
              *
            </span>
          ) : null}
        </span>
        {labelExtra}
      </div>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
