import type { CampayHistoryEntry } from './campay-client.js';
import { REFUND_DESCRIPTION_PREFIX } from './campay-provider.js';

/**
 * How far Campay's clock and ours may disagree. A collect's transaction is stamped by Campay
 * between our sending the request and the request's timeout, give or take this.
 */
export const HISTORY_CLOCK_SKEW_MS = 5 * 60_000;

/** What we know of a collect whose request got no answer. */
export interface UnreferencedCollect {
  id: string;
  amount: number;
  phoneNumber: string | null;
  createdAt: Date;
}

/** Cameroonian numbers compared on their 9 national digits, whatever prefix either side wrote. */
const nationalDigits = (phone: string) => phone.replace(/\D/g, '').slice(-9);

/**
 * The history entries that could be the transaction of `payment`'s collect: a collection (not a
 * withdrawal: no debit, not one of our refunds) from the same number, for the same amount, made
 * while our request was in flight (from its creation to the request's timeout, widened by the
 * clock skew either side), and not already the transaction of another payment (`taken`).
 *
 * Campay's history does not carry our external reference, so this is all a history entry can be
 * matched on; the caller asks for each candidate's transaction, which does carry it.
 */
export function collectCandidates(
  payment: UnreferencedCollect,
  entries: readonly CampayHistoryEntry[],
  options: { collectTimeoutMs: number; taken: ReadonlySet<string> },
): CampayHistoryEntry[] {
  if (!payment.phoneNumber) return [];
  const phone = nationalDigits(payment.phoneNumber);
  const from = payment.createdAt.getTime() - HISTORY_CLOCK_SKEW_MS;
  const to = payment.createdAt.getTime() + options.collectTimeoutMs + HISTORY_CLOCK_SKEW_MS;
  return entries.filter((entry) => {
    const at = entry.datetime.getTime();
    return (
      !options.taken.has(entry.reference_uuid) &&
      !(entry.debit && entry.debit > 0) &&
      !entry.description?.startsWith(REFUND_DESCRIPTION_PREFIX) &&
      entry.phone_number != null &&
      nationalDigits(entry.phone_number) === phone &&
      entry.amount === payment.amount &&
      at >= from &&
      at <= to
    );
  });
}

/**
 * Campay's charge on a transaction in whole XAF (the currency has no minor unit in use), to the
 * nearest franc: Campay reports it with decimals. Null when it did not report one.
 */
export function campayFee(charge: number | null | undefined): number | null {
  if (charge == null || !Number.isFinite(charge) || charge < 0) return null;
  return Math.round(charge);
}

/** The UTC day `at` falls on, shifted by `days`, as Campay's history takes it (YYYY-MM-DD). */
export function historyDay(at: Date, days = 0): string {
  return new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
