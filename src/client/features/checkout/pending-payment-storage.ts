/**
 * The pending mobile-money payment is remembered under this key, so a reload (or a voter
 * who switched to the phone's payment app and back) resumes checking it.
 */
export const PENDING_PAYMENT_KEY = 'pendingPaymentId';
/**
 * A payment in review (the money did not match the order) is remembered under this one until an
 * organiser credits or refunds it, so the checkout tells the voter the outcome whenever they come
 * back. A key of its own: paying for other votes meanwhile does not forget it.
 */
export const REVIEW_PAYMENT_KEY = 'reviewPaymentId';

/** One payment id kept in local storage under `key`. */
export interface StoredPaymentId {
  read: () => string | null;
  save: (paymentId: string) => void;
  clear: () => void;
}

function storedPaymentId(key: string): StoredPaymentId {
  return {
    read: () => {
      try {
        return window.localStorage.getItem(key);
      } catch {
        // Storage can be blocked (private mode, some WebViews): nothing to resume.
        return null;
      }
    },
    save: (paymentId) => {
      try {
        window.localStorage.setItem(key, paymentId);
      } catch {
        // Checking still works for this visit; only resuming after a reload is lost.
      }
    },
    clear: () => {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing was stored.
      }
    },
  };
}

export const pendingPaymentStorage = storedPaymentId(PENDING_PAYMENT_KEY);
export const reviewPaymentStorage = storedPaymentId(REVIEW_PAYMENT_KEY);
