import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PaymentsContext } from './payments-context.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.js';
import { payments } from '#server/db/schema.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import { applyProviderReport } from './apply-provider-report.js';
import { settlePayment } from './settle-payment.js';
import type { CampayHistoryEntry, CampayTransaction } from './providers/campay-client.js';
import {
  campayFee,
  collectCandidates,
  historyDay,
  type UnreferencedCollect,
} from './providers/campay-history-match.js';
import { campayReport, type CampayProvider } from './providers/campay-provider.js';
import type { ProviderReport } from './providers/payment-provider.js';
import type { SettleOutcome } from './settle.js';
import { COLLECT_AMBIGUOUS, COLLECT_UNMATCHED, EXPIRED_REASON } from './unconfirmed-outcome.js';

/** A claimed Campay payment whose collect request got no answer, so it has no reference. */
export interface ClaimedCollect extends UnreferencedCollect {
  status: PaymentStatus;
  /** Past PAYMENT_EXPIRY_HOURS: no longer worth waiting for a callback. */
  expired: boolean;
}

type Ctx = Pick<PaymentsContext, 'config' | 'db' | 'log' | 'settlement'>;

/** A candidate transaction, as its status lookup (or, failing that, the history) describes it. */
interface Candidate {
  entry: CampayHistoryEntry;
  transaction: CampayTransaction;
}

/**
 * Finds the Campay transactions of collects whose request timed out (we never learnt their
 * reference) in Campay's history, one history request for all of them, and settles each payment
 * from what it finds (ADR 0049): one candidate decides it; none or several never fail it while
 * the voter may have paid, they put it in review once we stop waiting. Returns how many changed.
 */
export async function locateUnreferencedCollects(
  ctx: Ctx,
  campay: CampayProvider,
  claimed: readonly ClaimedCollect[],
): Promise<number> {
  if (!claimed.length) return 0;
  const times = claimed.map((p) => p.createdAt.getTime());
  const today = historyDay(new Date());
  // A day either side: Campay's days may not be UTC days, and a request near midnight may land
  // on the next one.
  const latest = historyDay(new Date(Math.max(...times)), 1);
  let entries: CampayHistoryEntry[];
  try {
    entries = await campay.client.history({
      from: historyDay(new Date(Math.min(...times)), -1),
      to: latest < today ? latest : today,
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'reconcile: Campay history unavailable');
    return 0;
  }

  const collectTimeoutMs = ctx.config.campay?.timeoutMs ?? 0;
  const none = new Set<string>();
  const possible = new Set(
    claimed.flatMap((p) =>
      collectCandidates(p, entries, { collectTimeoutMs, taken: none }).map((e) => e.reference_uuid),
    ),
  );
  // A transaction already stored on a payment is that payment's: never settle it for another.
  const taken = new Set(
    possible.size
      ? (
          await ctx.db
            .select({ ref: payments.providerRef })
            .from(payments)
            .where(
              and(eq(payments.provider, 'campay'), inArray(payments.providerRef, [...possible])),
            )
        ).flatMap((row) => (row.ref ? [row.ref] : []))
      : [],
  );

  let changed = 0;
  for (const payment of claimed) {
    try {
      const entriesOfPayment = collectCandidates(payment, entries, { collectTimeoutMs, taken });
      if (await locateOne(ctx, campay, payment, entriesOfPayment)) changed++;
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: payment.id }, 'reconcile: history lookup failed');
    }
  }
  return changed;
}

async function locateOne(
  ctx: Ctx,
  campay: CampayProvider,
  payment: ClaimedCollect,
  entries: readonly CampayHistoryEntry[],
): Promise<boolean> {
  const candidates = await confirmCandidates(campay, payment, entries);
  const described = `from this number for ${payment.amount} XAF`;
  if (candidates.length === 1) {
    const [{ entry, transaction }] = candidates as [Candidate];
    if (!(await storeReference(ctx, payment.id, transaction.reference))) return false;
    let report: ProviderReport = campayReport(transaction);
    if (report.state === 'completed') {
      const fee = campayFee(entry.charge_amount);
      report = fee === null ? report : { ...report, fee };
    }
    if (report.state === 'pending') {
      // The reference is ours now: expiry and later checks follow it like any other.
      if (!(payment.expired && payment.status === 'pending')) return false;
      report = { state: 'failed', reason: EXPIRED_REASON, providerRef: transaction.reference };
    }
    const source =
      report.state === 'failed' && report.reason === EXPIRED_REASON ? 'expiry' : 'reconcile';
    return (await applyProviderReport(ctx, payment.id, 'campay', report, source)).changed;
  }

  if (candidates.length > 1) {
    const states = candidates.map((c) => c.transaction.status.toUpperCase());
    const refs = candidates.map((c) => c.transaction.reference).join(', ');
    if (states.every((s) => s === 'FAILED')) {
      // None took any money, whichever was this payment's.
      const failed = campayReport(candidates[0]!.transaction);
      if (failed.state !== 'failed') return false;
      return settleFound(ctx, payment.id, { status: 'failed', reason: failed.reason });
    }
    if (states.includes('SUCCESSFUL') || payment.expired) {
      return settleFound(ctx, payment.id, {
        status: 'needs_review',
        reason: `${COLLECT_AMBIGUOUS}: ${candidates.length} Campay collections ${described} match (${refs})`,
      });
    }
    return false;
  }

  // Nothing yet: the transaction may still appear while we wait; once we stop waiting, an admin
  // looks (and the lookback keeps searching, in case Campay's history was late).
  if (payment.status !== 'pending' || !payment.expired) return false;
  return settleFound(ctx, payment.id, {
    status: 'needs_review',
    reason: `${COLLECT_UNMATCHED}: no Campay collection ${described} in its history around ${payment.createdAt.toISOString()}`,
  });
}

/**
 * Asks Campay for each candidate's transaction, which names the payment it was made for when
 * Campay reports that: a candidate naming another payment is dropped, one naming this payment is
 * the answer whatever the others are. Throws when Campay cannot be asked (nothing is decided).
 */
async function confirmCandidates(
  campay: CampayProvider,
  payment: ClaimedCollect,
  entries: readonly CampayHistoryEntry[],
): Promise<Candidate[]> {
  const kept: Candidate[] = [];
  for (const entry of entries) {
    const transaction = (await campay.client.transaction(entry.reference_uuid)) ?? {
      reference: entry.reference_uuid,
      status: entry.status,
      amount: entry.amount,
      currency: 'XAF',
    };
    const named = transaction.external_reference?.trim();
    const endpoint = transaction.endpoint?.trim().toLowerCase();
    if (endpoint && endpoint !== 'collect') continue;
    if (named === payment.id) return [{ entry, transaction }];
    if (named) continue;
    kept.push({ entry, transaction });
  }
  return kept;
}

/**
 * Records the found reference on the payment (only if it has none), so the payment is then
 * followed like any other. False when the payment got one meanwhile (a callback) or another
 * payment holds this transaction: the unique index refuses the second.
 */
async function storeReference(ctx: Ctx, paymentId: string, reference: string): Promise<boolean> {
  try {
    const stored = await ctx.db
      .update(payments)
      .set({ providerRef: reference, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), isNull(payments.providerRef)))
      .returning({ id: payments.id });
    return stored.length === 1;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      ctx.log.warn({ paymentId, reference }, 'reconcile: transaction already held by a payment');
      return false;
    }
    throw error;
  }
}

async function settleFound(ctx: Ctx, paymentId: string, outcome: SettleOutcome): Promise<boolean> {
  const result = await settlePayment(ctx, {
    paymentId,
    outcome,
    source: 'reconcile',
    expectProvider: 'campay',
  });
  return result.changed;
}
