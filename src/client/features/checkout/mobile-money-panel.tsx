import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema, mobileOperatorOf, type NominationVote } from '#shared/schemas/payment';
import { toast } from '#client/components/ui/toast-store';
import { errorStatus, serverMessage } from '#client/lib/api-error';
import { startMobileMoneyPayment } from './api/checkout-api';
import { deviceInfo } from './device-info';
import { paymentIdInError } from './error-payment-id';
import { MobileMoneyForm } from './mobile-money-form';
import {
  EMPTY_PHONE_DIGITS,
  internationalPhone,
  isPhoneComplete,
  type PhoneDigits,
} from './phone-digits';
import type { SandboxTestPhone } from '#shared/schemas/payment';
import type { PhoneOverlay } from './use-phone-overlay';

interface MobileMoneyPanelProps {
  lines: readonly NominationVote[];
  totalVotes: number;
  /** The XAF total, formatted. */
  amount: string;
  email: string;
  onEmailChange: (email: string) => void;
  /** Locked while a payment is followed. */
  disabled: boolean;
  testPhones: readonly SandboxTestPhone[] | null;
  overlay: PhoneOverlay;
  /** Follow the payment just initiated (status polling). */
  onInitiated: (paymentId: string) => void;
}

/**
 * Mobile money: checks the form, asks the server to send the prompt to the phone,
 * opens the overlay and hands the payment to polling.
 */
export function MobileMoneyPanel(props: MobileMoneyPanelProps) {
  const { t } = useTranslation('checkout');
  const [digits, setDigits] = useState<PhoneDigits>(EMPTY_PHONE_DIGITS);
  const [sending, setSending] = useState(false);
  const phoneField = useRef<HTMLFieldSetElement>(null);
  const { overlay } = props;
  // Checked here as soon as the 9 digits are in, with the rule the server applies, so a number
  // that cannot be paid with is fixed beside the field instead of refused after Pay.
  const wrongOperator = isPhoneComplete(digits) && mobileOperatorOf(digits.join('')) === null;

  /** Brings the boxes and their message back into view, the first box ready for retyping. */
  const showPhoneField = () => {
    const field = phoneField.current;
    if (!field) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    field.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    field.querySelector('input')?.focus({ preventScroll: true });
  };

  const fail = (title: string, description: string) =>
    toast({ title, description, variant: 'destructive' });

  const pay = async () => {
    if (sending || props.disabled) return;
    if (props.totalVotes === 0) {
      fail(t('toasts.noVotesTitle'), t('toasts.noVotesText'));
      return;
    }
    if (!isPhoneComplete(digits)) {
      fail(t('toasts.phoneRequiredTitle'), t('toasts.phoneRequiredText'));
      return;
    }
    if (wrongOperator) {
      showPhoneField();
      return;
    }
    const email = props.email.trim();
    if (email && !emailSchema.safeParse(email).success) {
      fail(t('toasts.invalidEmailTitle'), t('toasts.invalidEmailText'));
      return;
    }
    setSending(true);
    overlay.open();
    try {
      const started = await startMobileMoneyPayment({
        phoneNumber: internationalPhone(digits),
        voterEmail: email || null,
        nominationVotes: [...props.lines],
        totalVotes: props.totalVotes,
        deviceInfo: deviceInfo(),
      });
      overlay.initiated(started.ussdCode);
      props.onInitiated(started.paymentId);
    } catch (error) {
      const pendingId = paymentIdInError(error);
      if (pendingId) {
        overlay.initiated(null);
        props.onInitiated(pendingId);
        return;
      }
      overlay.close();
      const message = errorStatus(error) !== null ? serverMessage(error) : null;
      fail(t('toasts.paymentErrorTitle'), message ?? t('toasts.mobileMoneyFailedText'));
    } finally {
      setSending(false);
    }
  };

  return (
    <MobileMoneyForm
      digits={digits}
      onDigitsChange={setDigits}
      phoneError={wrongOperator ? t('mobileMoney.notMobileMoney') : null}
      phoneFieldRef={phoneField}
      email={props.email}
      onEmailChange={props.onEmailChange}
      amount={props.amount}
      disabled={props.disabled || sending}
      sending={sending}
      canPay={props.totalVotes > 0}
      testPhones={props.testPhones}
      onPay={() => void pay()}
    />
  );
}
