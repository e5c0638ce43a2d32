import type { LucideIcon } from 'lucide-react';
import { cn } from '#client/lib/cn';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  /** With an icon the segment shows it alone; the label stays its name and tooltip. */
  icon?: LucideIcon;
}

interface SegmentedToggleProps<T extends string> {
  /** Names the group for assistive tech ('Layout', 'Show'). */
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly SegmentOption<T>[];
  className?: string;
}

/** Two or three mutually exclusive choices as pressed/unpressed buttons (list or grid, votes or revenue). */
export function SegmentedToggle<T extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: SegmentedToggleProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex items-center rounded-lg bg-muted p-1', className)}
    >
      {options.map(({ value: option, label: optionLabel, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          aria-label={Icon ? optionLabel : undefined}
          title={Icon ? optionLabel : undefined}
          onClick={() => onChange(option)}
          className={cn(
            'inline-flex h-9 items-center justify-center rounded-md text-sm font-medium transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            // Disabled with its form (a fieldset): it looks it, as the form's other controls do.
            'disabled:cursor-not-allowed disabled:opacity-50',
            Icon ? 'w-9' : 'px-3',
            value === option
              ? 'bg-card text-foreground shadow-sm'
              : 'text-muted-foreground enabled:hover:text-foreground',
          )}
        >
          {Icon ? <Icon className="size-4" aria-hidden="true" /> : optionLabel}
        </button>
      ))}
    </div>
  );
}
