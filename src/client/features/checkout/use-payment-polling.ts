import { useEffect, useState, useSyncExternalStore } from 'react';
import { errorStatus } from '#client/lib/api-error';
import { fetchPaymentStatus } from './api/checkout-api';
import {
  PaymentPoller,
  type CheckOutcome,
  type PageVisibility,
  type PollerCallbacks,
  type PollingView,
} from './payment-poller';
import { pendingPaymentStorage, reviewPaymentStorage } from './pending-payment-storage';

export interface PaymentPolling extends PollingView {
  start: (paymentId: string) => void;
  /** Check Status. */
  restart: () => void;
  /** Try Again. */
  reset: () => void;
}

async function checkStatus(paymentId: string): Promise<CheckOutcome> {
  try {
    const { status, reason } = await fetchPaymentStatus(paymentId);
    return status === 'failed' && reason ? { status, reason } : status;
  } catch (error) {
    // 404: the payment no longer exists (a stale id in storage). Anything else, including
    // 429 and 5xx, is treated like a dropped connection: keep trying on schedule.
    return errorStatus(error) === 404 ? 'unknown' : 'offline';
  }
}

const documentVisibility: PageVisibility = {
  hidden: () => document.visibilityState === 'hidden',
  subscribe: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** The page's PaymentPoller; a saved pending payment, or one in review, is resumed on mount. */
export function usePaymentPolling(callbacks: PollerCallbacks): PaymentPolling {
  const [poller] = useState(
    () =>
      new PaymentPoller(
        checkStatus,
        pendingPaymentStorage,
        reviewPaymentStorage,
        documentVisibility,
      ),
  );
  useEffect(() => {
    poller.setCallbacks(callbacks);
  });
  // Idle until it resumes after the first render, on the server as in the browser.
  const view = useSyncExternalStore(poller.subscribe, poller.getView, poller.getView);

  useEffect(() => {
    poller.resume();
    return () => poller.dispose();
  }, [poller]);

  return {
    ...view,
    start: (paymentId) => poller.start(paymentId),
    restart: () => poller.restart(),
    reset: () => poller.reset(),
  };
}
