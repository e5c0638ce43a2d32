import type { PaymentFailureReason } from '#shared/schemas/payment.js';

const NO_BALANCE = /insufficient|not enough (money|funds|balance)|low balance|solde|fonds/i;
/** Our own refusals of a collect request (`ER101: …`); the voter was told about them at once. */
const COLLECT_REFUSAL = /^ER\d+:/;
const TIMED_OUT = /^expired$|time[ds]?[ -]?out|expir|d[ée]lai/i;
const DECLINED = /declin|reject|cancel|denied|annul|refus/i;

/**
 * The stored failure reason is the provider's own words (Campay's transaction `reason`, the
 * sandbox's scripted text, `expired` from our expiry, `ER301: …` from a refused collect). This
 * reads the cause a voter can act on out of it; anything else is null and the voter gets the
 * general failure text. Campay documents no list of reasons, so this matches the words operators
 * use, in English and French.
 */
export function paymentFailureReason(stored: string | null): PaymentFailureReason | null {
  if (!stored) return null;
  if (NO_BALANCE.test(stored)) return 'insufficient_balance';
  if (COLLECT_REFUSAL.test(stored)) return null;
  if (TIMED_OUT.test(stored)) return 'timed_out';
  if (DECLINED.test(stored)) return 'declined';
  return null;
}
