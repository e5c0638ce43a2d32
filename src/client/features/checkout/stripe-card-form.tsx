import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#client/lib/use-language';
import type { CardPayHandlers } from './card-confirmation';
import { CardPayButton } from './pay-button';

/*
 * Live mode only. This module is loaded lazily by card-payment-panel.tsx when the server has a
 * Stripe publishable key, and the `pure` entry injects Stripe.js only when loadStripe() is called:
 * nobody else's page (and no sandbox page) fetches anything from Stripe.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** Bumped when the server updated the intent's amount. */
  version: number;
  amount: string;
  busy: boolean;
  disabled: boolean;
  onPay: (handlers: CardPayHandlers) => void;
}

/** Stripe's Payment Element for the pending intent. */
export function StripeCardForm(props: StripeCardFormProps) {
  const language = useLanguage();
  const options: StripeElementsOptions = {
    clientSecret: props.clientSecret,
    locale: language,
    appearance: {
      theme: 'stripe',
      variables: {
        colorPrimary: '#111937',
        colorDanger: '#b42318',
        borderRadius: '8px',
        fontSizeBase: '16px',
      },
    },
  };
  return (
    // A new intent needs a new Elements instance; amount updates of the same one do not.
    <Elements key={props.clientSecret} stripe={stripeFor(props.publishableKey)} options={options}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ version, amount, busy, disabled, onPay }: StripeCardFormProps) {
  const { t } = useTranslation('checkout');
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (elements && version > 1) void elements.fetchUpdates();
  }, [elements, version]);

  const handlers: CardPayHandlers = {
    validate: async () => {
      if (!stripe || !elements) return false;
      // The Payment Element shows what is missing next to the field itself.
      const { error } = await elements.submit();
      return !error;
    },
    confirm: async () => {
      if (!stripe || !elements) throw new Error('Stripe is not ready');
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        // Only for methods that must leave the page; checkout-page resumes from the redirect.
        confirmParams: { return_url: window.location.href },
      });
      if (error) return { ok: false, message: error.message ?? '' };
      return { ok: true, paymentIntentId: paymentIntent.id };
    },
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onPay(handlers);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PaymentElement options={{ layout: 'tabs' }} />
      <CardPayButton amount={amount} busy={busy} disabled={disabled || !stripe || !elements} />
      <p className="text-center text-xs text-muted-foreground">{t('card.secure')}</p>
    </form>
  );
}
