import {
  useId,
  useRef,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn';
import {
  inputInBox,
  keyInBox,
  pasteIntoBoxes,
  type DigitsEdit,
  type PhoneDigits,
} from './phone-digits';

interface PhoneDigitsInputProps {
  digits: PhoneDigits;
  onChange: (digits: PhoneDigits) => void;
  disabled: boolean;
  /** Said beside the boxes while the number cannot be paid with (a wrong operator). */
  error: string | null;
  fieldRef?: Ref<HTMLFieldSetElement>;
}

/** Box boundaries follow how Cameroonians write numbers: 6XX XXX XXX. */
const GROUP_STARTS = new Set([3, 6]);

/** The 9 single-digit boxes of the phone number; the editing rules are in phone-digits.ts. */
export function PhoneDigitsInput({
  digits,
  onChange,
  disabled,
  error,
  fieldRef,
}: PhoneDigitsInputProps) {
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
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    // The key goes to the box that has the cursor now. It can have moved since the key went down:
    // a key pressed while the page was being taken over is answered once what was typed before it
    // has been spread over the boxes (early-taps.ts).
    const focused = boxes.current.findIndex((box) => box === document.activeElement);
    const edit = keyInBox(digits, focused === -1 ? index : focused, event.key);
    if (!edit) return;
    // Handled here, not by the browser: typing the digit a box already holds changes nothing in
    // the field, so no change event would ever say a key was pressed.
    event.preventDefault();
    apply(edit);
  };

  /** Keys the browser handled itself (virtual keyboards): `input` fires even on an unchanged value. */
  const onInput = (index: number, event: FormEvent<HTMLInputElement>) => {
    const { nativeEvent } = event;
    const data = nativeEvent instanceof InputEvent ? nativeEvent.data : null;
    const edit = inputInBox(digits, index, event.currentTarget.value, data);
    // A refused character leaves the digits as they were, so no render follows to take it out of
    // the box (an unchanged state renders nothing): the box is put back here.
    event.currentTarget.value = edit.digits[index] ?? '';
    apply(edit);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteIntoBoxes(event.clipboardData.getData('text')));
  };

  return (
    <fieldset
      ref={fieldRef}
      disabled={disabled}
      className="min-w-0"
      aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
    >
      <legend className="mb-1 flex items-center gap-2 text-sm font-semibold text-foreground">
        {t('mobileMoney.phoneLabel')}
        {/* Phones: the country code up here, so the nine boxes get the whole row (24 px each at
            320 px, more wherever there is room). */}
        <span
          className="rounded-md bg-muted px-1.5 py-0.5 font-semibold text-ink-800 tabular-nums sm:hidden"
          aria-hidden="true"
        >
          +237
        </span>
      </legend>
      <p id={`${id}-hint`} className="mb-2 text-sm text-muted-foreground">
        {t('mobileMoney.phoneHint')}
      </p>
      <div className="flex items-center gap-2">
        <span
          className="inline-flex h-12 shrink-0 items-center rounded-lg bg-muted px-2 text-sm font-semibold text-ink-800 tabular-nums max-sm:hidden"
          aria-hidden="true"
        >
          +237
        </span>
        <div className="flex max-w-[29rem] min-w-0 flex-1 gap-[3px]" dir="ltr">
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
              aria-invalid={error ? true : undefined}
              value={digit}
              onInput={(event) => onInput(index, event)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={onPaste}
              onFocus={(event) => event.target.select()}
              className={cn(
                'h-12 w-0 min-w-6 flex-1 rounded-lg border border-input bg-card text-center text-lg font-semibold text-foreground tabular-nums',
                'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-50',
                'aria-invalid:border-destructive',
                GROUP_STARTS.has(index) && 'ml-1',
              )}
            />
          ))}
        </div>
      </div>
      {/* Always present, so the message is read out when it appears. */}
      <p id={`${id}-error`} aria-live="polite" className="text-sm font-medium text-destructive">
        {error ? <span className="mt-2 block">{error}</span> : null}
      </p>
    </fieldset>
  );
}
