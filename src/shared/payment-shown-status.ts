import type { PaymentStatus } from './schemas/payment.js';

/**
 * A card the bank declined leaves its payment pending, since the voter may try another card on the
 * same order, but the voter was told it failed: voter tracking and its export say failed too.
 */
export function isDeclinedWhilePending(payment: {
  status: PaymentStatus;
  failureReason: string | null;
}): boolean {
  return payment.status === 'pending' && payment.failureReason !== null;
}
