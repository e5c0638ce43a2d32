/**
 * The pending mobile-money payment is remembered under this key, so a reload (or a voter
 * who switched to the phone's payment app and back) resumes checking it.
 */
export const PENDING_PAYMENT_KEY = 'pendingPaymentId';

export function readPendingPayment(): string | null {
  try {
    return window.localStorage.getItem(PENDING_PAYMENT_KEY);
  } catch {
    // Storage can be blocked (private mode, some WebViews): nothing to resume.
    return null;
  }
}

export function savePendingPayment(paymentId: string): void {
  try {
    window.localStorage.setItem(PENDING_PAYMENT_KEY, paymentId);
  } catch {
    // Polling still works for this visit; only resuming after a reload is lost.
  }
}

export function clearPendingPayment(): void {
  try {
    window.localStorage.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing was stored.
  }
}
