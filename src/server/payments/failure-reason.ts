import type { PaymentFailureReason } from '#shared/schemas/payment.js';

const NO_BALANCE =
  /insufficient|not enough (money|funds|balance)|low balance|solde|fonds|provision/i;
/**
 * Our own refusals of a collect request (`ER101: …`); the voter was told about them at once. None
 * is about the voter's balance: Campay's ER301 concerns withdrawals from the app's own account.
 */
const COLLECT_REFUSAL = /^ER\d+:/;
const TIMED_OUT = /^expired$|time[ds]? ?out|expir|d[ée]lai/i;
const DECLINED = /declin|reject|cancel|denied|annul|refus/i;

/**
 * The stored failure reason is the provider's own words (Campay's transaction `reason`, the
 * sandbox's scripted text, `expired` from our expiry, `ER101: …` from a refused collect). This
 * reads the cause a voter can act on out of it; anything else is null and the voter gets the
 * general failure text. Campay documents no list of reasons and passes on the operator's, so
 * this matches the words operators use, in English and French, written as words or as codes
 * (`LOW_BALANCE`, `NOT_ENOUGH_FUNDS`, `APPROVAL_REJECTED`).
 */
export function paymentFailureReason(stored: string | null): PaymentFailureReason | null {
  if (!stored) return null;
  if (COLLECT_REFUSAL.test(stored)) return null;
  const words = stored.replace(/[_-]+/g, ' ');
  if (NO_BALANCE.test(words)) return 'insufficient_balance';
  if (TIMED_OUT.test(words)) return 'timed_out';
  if (DECLINED.test(words)) return 'declined';
  return null;
}
