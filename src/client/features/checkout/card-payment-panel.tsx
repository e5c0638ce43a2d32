import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema, type PaymentConfig } from '#shared/schemas/payment';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast-store';
import { errorStatus, serverMessage } from '#client/lib/api-error';
import type { CardPayHandlers } from './card-confirmation';
import { confirmCardPayment, markPaymentAttempt } from './api/checkout-api';
import { CheckoutChallengePanel } from './checkout-challenge';
import { CardPayButton } from './pay-button';
import { SandboxCardForm } from './sandbox-card-form';
import type { CardPayment } from './use-card-payment';

const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

interface CardPaymentPanelProps {
  config: PaymentConfig;
  card: CardPayment;
  totalVotes: number;
  /** The USD total, formatted. */
  amount: string;
  email: string;
  onEmailChange: (email: string) => void;
  /** Locked while another payment is followed. */
  disabled: boolean;
  /** The card was charged and the server confirmed it: show the receipt. */
  onCompleted: (paymentId: string) => Promise<void>;
  /** The provider is still processing: follow it like a mobile-money payment. */
  onPending: (paymentId: string) => void;
}

/** A message from the server when it sent one, else the caller's wording. */
const messageOr = (error: unknown, fallback: string) =>
  (errorStatus(error) !== null ? serverMessage(error) : null) ?? fallback;

/**
 * The card form: e-mail, then Stripe's Payment Element in live mode or our
 * test-card form in sandbox mode. On Pay: the split and e-mail are sent if still pending, the
 * attempt is marked, the card confirmed with the provider, then the payment with our server.
 */
export function CardPaymentPanel(props: CardPaymentPanelProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const [busy, setBusy] = useState(false);
  // Said beside the field, not in a toast far from it: Pay sits below the card form, and the
  // e-mail field is then often off-screen.
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const { card, config } = props;

  /** Brings the e-mail field into view with the focus in it, its message beside it. */
  const refuseEmail = (message: string) => {
    setEmailError(message);
    const input = emailInput.current;
    if (!input) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    input.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    input.focus({ preventScroll: true });
  };

  const fail = (title: string, description: string) =>
    toast({ title, description, variant: 'destructive' });

  const pay = async (handlers: CardPayHandlers) => {
    if (busy) return;
    if (props.totalVotes === 0) {
      fail(t('toasts.noVotesTitle'), t('toasts.noVotesText'));
      return;
    }
    if (!props.email.trim()) {
      refuseEmail(t('toasts.emailRequiredText'));
      return;
    }
    if (!emailSchema.safeParse(props.email).success) {
      refuseEmail(t('toasts.invalidEmailText'));
      return;
    }
    setBusy(true);
    try {
      if (!(await handlers.validate())) return;
      let paymentId: string | null;
      try {
        paymentId = await card.flush();
      } catch (error) {
        fail(t('toasts.paymentErrorTitle'), messageOr(error, t('toasts.unexpectedText')));
        return;
      }
      if (!paymentId) {
        fail(t('toasts.paymentErrorTitle'), t('toasts.setupIncompleteText'));
        return;
      }
      try {
        await markPaymentAttempt(paymentId);
      } catch (error) {
        fail(t('toasts.paymentErrorTitle'), messageOr(error, t('toasts.unexpectedText')));
        return;
      }
      const charged = await handlers.confirm(paymentId);
      if (!charged.ok) {
        fail(t('toasts.paymentFailedTitle'), charged.message || t('toasts.paymentFailedText'));
        return;
      }
      let confirmed;
      try {
        confirmed = await confirmCardPayment(charged.paymentIntentId);
      } catch {
        fail(t('toasts.paymentErrorTitle'), t('toasts.confirmErrorText'));
        return;
      }
      if (confirmed.status === 'completed') {
        card.forget();
        await props.onCompleted(confirmed.paymentId);
      } else {
        props.onPending(confirmed.paymentId);
      }
    } catch {
      fail(t('toasts.paymentErrorTitle'), t('toasts.unexpectedText'));
    } finally {
      setBusy(false);
    }
  };

  const emailField = (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-email`}>{t('card.emailLabel')}</Label>
      <Input
        ref={emailInput}
        id={`${id}-email`}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        aria-required="true"
        placeholder={t('emailPlaceholder')}
        value={props.email}
        disabled={props.disabled || busy}
        aria-invalid={emailError ? true : undefined}
        aria-describedby={emailError ? `${id}-email-error ${id}-email-hint` : `${id}-email-hint`}
        onChange={(event) => {
          setEmailError(null);
          props.onEmailChange(event.target.value);
        }}
      />
      <p
        id={`${id}-email-error`}
        aria-live="polite"
        className="text-sm font-medium text-destructive empty:hidden"
      >
        {emailError}
      </p>
      <p id={`${id}-email-hint`} className="text-sm text-muted-foreground">
        {t('card.emailHint')}
      </p>
    </div>
  );
  const payDisabled = props.disabled || props.totalVotes === 0;

  // The e-mail field stays at one place in the tree whatever the card form is doing (loading its
  // code, waiting for the first intent, a new intent): a voter typing it meanwhile keeps their
  // focus and every keystroke, instead of typing into a field that is replaced under them.
  return (
    <div className="flex flex-col gap-4">
      {emailField}
      {card.challenge ? (
        <CheckoutChallengePanel challenge={card.challenge} onPassed={card.retry} />
      ) : null}
      <CardForm
        config={config}
        card={card}
        busy={busy}
        disabled={payDisabled}
        pay={pay}
        amount={props.amount}
        totalVotes={props.totalVotes}
      />
    </div>
  );
}

/** The card fields and Pay button of the configured card provider, under the e-mail field. */
function CardForm({
  config,
  card,
  busy,
  disabled,
  pay,
  amount,
  totalVotes,
}: {
  config: PaymentConfig;
  card: CardPayment;
  busy: boolean;
  disabled: boolean;
  pay: (handlers: CardPayHandlers) => Promise<void>;
  amount: string;
  totalVotes: number;
}) {
  if (config.card === 'sandbox') {
    return (
      <SandboxCardForm
        testCards={config.testCards ?? []}
        amount={amount}
        busy={busy}
        disabled={disabled}
        onPay={(handlers) => void pay(handlers)}
      />
    );
  }
  const publishableKey = config.stripePublishableKey;
  if (config.card === 'stripe' && publishableKey && card.clientSecret) {
    return (
      <Suspense fallback={<CardFormSkeleton />}>
        <StripeCardForm
          publishableKey={publishableKey}
          clientSecret={card.clientSecret}
          version={card.version}
          amount={amount}
          busy={busy}
          disabled={disabled}
          onPay={(handlers) => void pay(handlers)}
        />
      </Suspense>
    );
  }
  // Live mode before the first intent exists (or with no votes selected yet).
  return (
    <>
      {totalVotes > 0 ? <CardFormSkeleton /> : null}
      <CardPayButton amount={amount} busy={false} disabled />
    </>
  );
}

function CardFormSkeleton() {
  const { t } = useTranslation('checkout');
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only">{t('card.preparing')}</span>
      <Skeleton className="h-11 w-full" />
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    </div>
  );
}
