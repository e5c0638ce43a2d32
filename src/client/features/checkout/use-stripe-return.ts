import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#client/components/ui/toast-store';
import { confirmCardPayment } from './api/checkout-api';

const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/**
 * Card methods that must leave the page (some bank authentications) come back to checkout with
 * ?payment_intent=...: confirm it with the server as after an in-page confirmation, then drop the
 * parameters so a reload does not confirm again.
 */
export function useStripeReturn(
  onCompleted: (paymentId: string) => Promise<void>,
  onPending: (paymentId: string) => void,
): void {
  const { t } = useTranslation('checkout');
  const handlers = useRef({ onCompleted, onPending, t });
  useEffect(() => {
    handlers.current = { onCompleted, onPending, t };
  });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const intentId = params.get('payment_intent');
    if (!intentId) return;
    STRIPE_RETURN_PARAMS.forEach((name) => params.delete(name));
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params}`);
    confirmCardPayment(intentId).then(
      (confirmed) => {
        if (confirmed.status === 'completed')
          void handlers.current.onCompleted(confirmed.paymentId);
        else handlers.current.onPending(confirmed.paymentId);
      },
      () =>
        toast({
          title: handlers.current.t('toasts.paymentErrorTitle'),
          description: handlers.current.t('toasts.confirmErrorText'),
          variant: 'destructive',
        }),
    );
  }, []);
}
