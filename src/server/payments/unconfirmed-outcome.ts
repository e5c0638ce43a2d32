import type { PaymentStatus } from '#shared/schemas/payment.js';

/**
 * The failure reason our own expiry writes. No provider said the payment failed: we stopped
 * waiting. Provider refusals keep the provider's words (or `ER…: …` for a refused collect), so
 * this exact word is what tells an expired payment from a refused one.
 */
export const EXPIRED_REASON = 'expired';

/** A collect with no provider reference for which the provider's history shows no transaction. */
export const COLLECT_UNMATCHED = 'collect_unmatched';

/** A collect with no provider reference that several of the provider's transactions could be. */
export const COLLECT_AMBIGUOUS = 'collect_ambiguous';

/**
 * Whether a settled payment is our own guess rather than the provider's word: failed because we
 * expired it, or put in review because we could not find its transaction. Only such a payment
 * may still move when the provider reports on it later (a success the voter paid for); a
 * payment the provider itself refused, or that an admin is looking at for another cause, never.
 */
export function isUnconfirmed(status: PaymentStatus, failureReason: string | null): boolean {
  if (status === 'failed') return failureReason === EXPIRED_REASON;
  if (status === 'needs_review') return failureReason?.startsWith(`${COLLECT_UNMATCHED}:`) ?? false;
  return false;
}
