import { Loader2, Lock } from 'lucide-react';
import { useId, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { SandboxTestPhone } from '#shared/schemas/payment';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { pasteIntoBoxes, type PhoneDigits } from './phone-digits';
import { PhoneDigitsInput } from './phone-digits-input';
import { SandboxNotice } from './sandbox-notice';

interface MobileMoneyFormProps {
  digits: PhoneDigits;
  onDigitsChange: (digits: PhoneDigits) => void;
  /** Why the typed number cannot be paid with, shown beside the boxes. */
  phoneError: string | null;
  phoneFieldRef: Ref<HTMLFieldSetElement>;
  email: string;
  onEmailChange: (email: string) => void;
  /** The XAF total, formatted, for the pay button. */
  amount: string;
  /** Form locked: a payment is being sent or followed. */
  disabled: boolean;
  sending: boolean;
  canPay: boolean;
  /** Test numbers, in sandbox mode only. */
  testPhones: readonly SandboxTestPhone[] | null;
  onPay: () => void;
}

/** Phone, optional e-mail, what will happen, and the pay button. */
export function MobileMoneyForm(props: MobileMoneyFormProps) {
  const { t } = useTranslation('checkout');
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onPay();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PhoneDigitsInput
        digits={props.digits}
        onChange={props.onDigitsChange}
        disabled={props.disabled}
        error={props.phoneError}
        fieldRef={props.phoneFieldRef}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>{t('mobileMoney.emailLabel')}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('emailPlaceholder')}
          value={props.email}
          disabled={props.disabled}
          aria-describedby={`${id}-email-hint`}
          onChange={(event) => props.onEmailChange(event.target.value)}
        />
        <p id={`${id}-email-hint`} className="text-sm text-muted-foreground">
          {t('mobileMoney.emailHint')}
        </p>
      </div>
      <section aria-labelledby={`${id}-how`} className="rounded-xl bg-ink-50 p-3 text-sm">
        <h3 id={`${id}-how`} className="font-semibold text-ink-950">
          {t('mobileMoney.howItWorks')}
        </h3>
        <ol className="mt-2 flex flex-col gap-2 text-ink-800">
          {(['step1', 'step2', 'step3'] as const).map((step, index) => (
            <li key={step} className="flex gap-2">
              <span
                aria-hidden="true"
                className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-ink-900 text-xs font-bold text-white"
              >
                {index + 1}
              </span>
              <span>{t(`mobileMoney.${step}`)}</span>
            </li>
          ))}
        </ol>
      </section>
      {props.testPhones ? (
        <SandboxNotice
          kind="phones"
          phones={props.testPhones}
          onUse={(number) => props.onDigitsChange(pasteIntoBoxes(number).digits)}
        />
      ) : null}
      <Button
        type="submit"
        variant="accent"
        size="lg"
        className="w-full"
        disabled={props.disabled || !props.canPay}
      >
        {props.sending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Lock aria-hidden="true" />
        )}
        {props.sending ? t('mobileMoney.sending') : t('mobileMoney.pay', { amount: props.amount })}
      </Button>
    </form>
  );
}
