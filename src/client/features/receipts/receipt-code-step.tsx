import { KeyRound, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOOKUP_CODE_DIGITS, lookupCodeSchema } from '#shared/schemas/receipt';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import type { LookupContact } from './receipt-lookup-form';

/** Long labels (French, narrow phones) wrap inside their button instead of running out of it. */
const WRAPPING = 'h-auto min-h-10 py-2 text-center whitespace-normal';

/** How long "Send a new code" waits after a code was sent, so a slow SMS is not asked for twice. */
export const RESEND_COOLDOWN_SECONDS = 30;

interface ReceiptCodeStepProps {
  contact: LookupContact;
  /** How long the code lasts, as the server said. */
  expiresInSeconds: number;
  /** The site's SMS are spent for now: a phone's code went by e-mail, if its payment gave one. */
  smsPaused?: boolean;
  confirming: boolean;
  resending: boolean;
  /** The server's refusal of the last code tried, shown under the field. */
  error: string | null;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onChangeContact: () => void;
}

/** `237677123456` → `+237 677 123 456`; an e-mail as it is. */
function shownContact(contact: LookupContact): string {
  if ('email' in contact) return contact.email;
  const digits = contact.phoneNumber;
  return `+${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
}

/** The second step of the lookup: the 6-digit code sent to the e-mail or phone. */
export function ReceiptCodeStep({
  contact,
  expiresInSeconds,
  smsPaused = false,
  confirming,
  resending,
  error,
  onConfirm,
  onResend,
  onChangeContact,
}: ReceiptCodeStepProps) {
  const { t } = useTranslation('receipts');
  const id = useId();
  const codeId = `${id}-code`;
  const sentId = `${id}-sent`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_SECONDS);

  // The page shows a new step (a new key) for each code sent: an empty field with the focus, and
  // the resend cooldown from the start.
  useEffect(() => {
    input.current?.focus();
    const timer = setInterval(() => {
      setCooldown((left) => {
        if (left <= 1) clearInterval(timer);
        return Math.max(0, left - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  // A refused code is shown under the field, which takes the focus again.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = lookupCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFormatError(t('code.invalid'));
      input.current?.focus();
      return;
    }
    setFormatError(null);
    onConfirm(parsed.data);
  };

  const shownError = formatError ?? error;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('code.formLabel')}
      className="flex flex-col gap-4"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-gold-100 text-gold-700"
        >
          <KeyRound className="size-5" />
        </span>
        <div id={sentId} className="flex flex-col gap-1">
          <p className="font-medium">{t('code.sentTo', { recipient: shownContact(contact) })}</p>
          <p className="text-sm text-muted-foreground">
            {t(smsPaused ? 'code.smsPaused' : 'code.hint', {
              minutes: Math.round(expiresInSeconds / 60),
            })}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={codeId}>{t('code.label')}</Label>
        <Input
          ref={input}
          id={codeId}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LOOKUP_CODE_DIGITS}
          value={code}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${errorId} ${sentId}` : sentId}
          className="max-w-48 font-mono text-lg tracking-[0.4em]"
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, LOOKUP_CODE_DIGITS));
            setFormatError(null);
          }}
        />
        {shownError ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {shownError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Button type="submit" size="lg" disabled={confirming}>
          {confirming ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {confirming ? t('code.confirming') : t('code.confirm')}
        </Button>
        <Button
          type="button"
          variant="outline"
          className={WRAPPING}
          disabled={cooldown > 0 || resending}
          onClick={onResend}
        >
          {cooldown > 0 ? t('code.resendIn', { seconds: cooldown }) : t('code.resend')}
        </Button>
        <Button type="button" variant="link" className={WRAPPING} onClick={onChangeContact}>
          {t('code.change')}
        </Button>
      </div>
    </form>
  );
}
