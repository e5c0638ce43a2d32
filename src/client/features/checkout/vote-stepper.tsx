import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VOTES_PER_CATEGORY } from '#shared/limits';
import { Button } from '#client/components/ui/button';
import { clampVoteCount } from './vote-selection';

interface VoteStepperProps {
  categoryName: string;
  /** The nomination's own title, when it has one. */
  title: string;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}

/** Votes for one category: minus, a typed number, plus (0 to 100). */
export function VoteStepper({ categoryName, title, value, disabled, onChange }: VoteStepperProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  // While typing, the field may be briefly empty; the clamped number is what counts.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <label htmlFor={id} className="min-w-0 flex-1 basis-28">
        <span className="block font-semibold break-words text-foreground">{categoryName}</span>
        {title ? (
          <span className="block text-sm break-words text-muted-foreground">{title}</span>
        ) : null}
      </label>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-full"
          aria-label={t('votes.decrease', { category: categoryName })}
          disabled={disabled || value <= VOTES_PER_CATEGORY.min}
          onClick={() => onChange(clampVoteCount(value - 1))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={3}
          aria-label={t('votes.inputLabel', { category: categoryName })}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            if (digits === '') {
              setDraft('');
              return;
            }
            // Shown clamped at once: typing 150 reads 100, never a number that is not used.
            const clamped = clampVoteCount(Number(digits));
            setDraft(String(clamped));
            onChange(clamped);
          }}
          onBlur={() => {
            if (draft === '') onChange(VOTES_PER_CATEGORY.min);
            setDraft(null);
          }}
          onFocus={(event) => event.target.select()}
          className="h-11 w-16 rounded-lg border border-input bg-card text-center text-lg font-semibold tabular-nums focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-50"
        />
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-full"
          aria-label={t('votes.increase', { category: categoryName })}
          disabled={disabled || value >= VOTES_PER_CATEGORY.max}
          onClick={() => onChange(clampVoteCount(value + 1))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
