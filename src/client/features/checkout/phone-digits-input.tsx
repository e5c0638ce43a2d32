import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import {
  backspaceInBox,
  pasteIntoBoxes,
  typeIntoBox,
  type DigitsEdit,
  type PhoneDigits,
} from './phone-digits';

interface PhoneDigitsInputProps {
  digits: PhoneDigits;
  onChange: (digits: PhoneDigits) => void;
  disabled: boolean;
}

/** Box boundaries follow how Cameroonians write numbers: 6XX XXX XXX. */
const GROUP_STARTS = new Set([3, 6]);

/** The 9 single-digit boxes of SPEC 5; the editing rules are in phone-digits.ts. */
export function PhoneDigitsInput({ digits, onChange, disabled }: PhoneDigitsInputProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const apply = (edit: DigitsEdit) => {
    onChange(edit.digits);
    const box = boxes.current[edit.focus];
    box?.focus();
    box?.select();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspaceInBox(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteIntoBoxes(event.clipboardData.getData('text')));
  };

  return (
    <fieldset disabled={disabled} className="min-w-0" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-semibold text-foreground">
        {t('mobileMoney.phoneLabel')}
      </legend>
      <p id={`${id}-hint`} className="mb-2 text-sm text-muted-foreground">
        {t('mobileMoney.phoneHint')}
      </p>
      <div className="flex items-center gap-2">
        <span
          className="inline-flex h-12 shrink-0 items-center rounded-lg bg-muted px-2 text-sm font-semibold text-ink-800 tabular-nums"
          aria-hidden="true"
        >
          +237
        </span>
        <div className="flex min-w-0 flex-1 gap-1" dir="ltr">
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(node) => {
                boxes.current[index] = node;
              }}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              aria-label={t('mobileMoney.digitLabel', { index: index + 1 })}
              value={digit}
              onChange={(event) => {
                const value = event.target.value;
                // Android keyboards often report Backspace only as an emptied field.
                if (value === '') apply(backspaceInBox(digits, index));
                else apply(typeIntoBox(digits, index, value));
              }}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={onPaste}
              onFocus={(event) => event.target.select()}
              className={cn(
                'h-12 w-0 min-w-0 flex-1 rounded-lg border border-input bg-card text-center text-lg font-semibold text-foreground tabular-nums',
                'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:opacity-50',
                GROUP_STARTS.has(index) && 'ml-1.5',
              )}
            />
          ))}
        </div>
      </div>
    </fieldset>
  );
}
