import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SandboxTestCard } from '#shared/schemas/payment';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { toast } from '#client/components/ui/toast-store';
import { errorStatus, serverMessage } from '#client/lib/api-error';
import {
  cardDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isCardNumberComplete,
  isCvcValid,
  isExpiryValid,
} from './card-fields';
import type { CardConfirmation, CardPayHandlers } from './card-confirmation';
import { chargeSandboxCard } from './api/checkout-api';
import { CardPayButton } from './pay-button';
import { SandboxNotice } from './sandbox-notice';

interface SandboxCardFormProps {
  testCards: readonly SandboxTestCard[];
  amount: string;
  busy: boolean;
  disabled: boolean;
  onPay: (handlers: CardPayHandlers) => void;
}

/** Our own test-card form in sandbox mode, in place of Stripe's Payment Element. */
export function SandboxCardForm(props: SandboxCardFormProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  const invalid = (title: string, description: string) => {
    toast({ title, description, variant: 'destructive' });
    return false;
  };

  const handlers: CardPayHandlers = {
    validate: async () => {
      if (!isCardNumberComplete(number)) {
        return invalid(t('card.invalidNumberTitle'), t('card.invalidNumberText'));
      }
      if (!isExpiryValid(expiry, new Date())) {
        return invalid(t('card.invalidExpiryTitle'), t('card.invalidExpiryText'));
      }
      if (!isCvcValid(cvc)) return invalid(t('card.invalidCvcTitle'), t('card.invalidCvcText'));
      return true;
    },
    confirm: async (paymentId): Promise<CardConfirmation> => {
      try {
        const charged = await chargeSandboxCard({ paymentId, cardNumber: cardDigits(number) });
        return { ok: true, paymentIntentId: charged.paymentIntentId };
      } catch (error) {
        // A 4xx is the card being refused, in the provider's words; anything else is unexpected.
        const status = errorStatus(error);
        if (status !== null && status >= 400 && status < 500) {
          return { ok: false, message: serverMessage(error) ?? '' };
        }
        throw error;
      }
    },
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onPay(handlers);
  };

  // A test card fills all three fields: any future expiry and any CVC are accepted.
  const fillTestCard = (cardNumber: string) => {
    setNumber(formatCardNumber(cardNumber));
    const nextYear = (new Date().getFullYear() + 1) % 100;
    setExpiry(`12/${String(nextYear).padStart(2, '0')}`);
    setCvc('123');
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SandboxNotice kind="cards" cards={props.testCards} onUse={fillTestCard} />
      <fieldset disabled={props.disabled || props.busy} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-number`}>{t('card.numberLabel')}</Label>
          <Input
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
            className="font-mono tracking-wide"
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-expiry`}>{t('card.expiryLabel')}</Label>
            <Input
              id={`${id}-expiry`}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('card.expiryPlaceholder')}
              value={expiry}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-cvc`}>{t('card.cvcLabel')}</Label>
            <Input
              id={`${id}-cvc`}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={cvc}
              onChange={(event) => setCvc(formatCvc(event.target.value))}
            />
          </div>
        </div>
      </fieldset>
      <CardPayButton amount={props.amount} busy={props.busy} disabled={props.disabled} />
      <p className="text-center text-xs text-muted-foreground">{t('card.sandboxSecure')}</p>
    </form>
  );
}
