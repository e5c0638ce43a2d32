import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { paymentEvents, payments } from '../db/schema.js';
import type { AppEvents } from '../events/app-events.js';
import { generateReceiptCode } from './receipt-code.js';

export type PaymentStatus = 'pending' | 'completed' | 'failed';

/** What a provider (or our own expiry rule) says happened to a payment. */
export type SettleOutcome =
  | { status: 'completed'; amount: number; currency: string; providerRef?: string }
  | { status: 'failed'; reason: string; providerRef?: string };

export type SettleSource =
  | 'webhook'
  | 'callback'
  | 'confirm'
  | 'poll'
  | 'reconcile'
  | 'sandbox'
  | 'expiry'
  | 'admin'
  | 'seed'
  // Added: the provider refused the payment when asked to start it (bad number, no balance).
  | 'initiate';

export interface SettleResult {
  /** False when the payment was already settled (or unknown): the call changed nothing. */
  changed: boolean;
  status: PaymentStatus | null;
  receiptCode: string | null;
}

export interface SettleDeps {
  db: Db;
  events?: AppEvents;
}

export interface SettleOptions {
  at?: Date;
  /**
   * Added for provider reports: the provider the report came from. A report about a payment of
   * another provider (a Stripe event whose metadata names a mobile-money payment, say) changes
   * nothing, instead of failing that payment on a currency mismatch. Checked under the row lock,
   * so it costs no extra round trip on the webhook path.
   */
  expectProvider?: string;
}

const UNIQUE_VIOLATION = '23505';
/**
 * Added: settlements of payments for the same artist lock the same tally rows, in an order the
 * query plan picks. Should two ever deadlock, PostgreSQL aborts one whole transaction; running it
 * again is safe (nothing of it was kept) and beats failing a webhook or a poll.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const hourOf = (at: Date) =>
  sql`date_trunc('hour', ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/**
 * The one path by which a payment leaves `pending`. Every source that learns an outcome calls it;
 * it is safe to call any number of times, concurrently, in any order: the row lock plus the
 * conditional update let exactly one call move the payment, and the vote tallies change in that
 * same transaction. A later call is a no-op.
 *
 * One exception to "exactly one transition": a payment we failed ourselves as `expired` may still
 * complete if the provider later reports success, because the voter's money was taken and their
 * votes must count.
 */
export async function settle(
  deps: SettleDeps,
  paymentId: string,
  outcome: SettleOutcome,
  source: SettleSource,
  options: SettleOptions = {},
): Promise<SettleResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await settleOnce(deps.db, paymentId, outcome, source, options);
      if (result.changed && result.status && result.status !== 'pending') {
        deps.events?.emit('payment-settled', { paymentId, status: result.status });
        if (result.status === 'completed') deps.events?.emit('catalog-changed');
      }
      return result;
    } catch (error) {
      // A receipt-code collision (about 1 in 2^59 per pair) aborts the transaction: retry with a new code.
      const code = pgErrorCode(error);
      if (attempt < 3 && (code === UNIQUE_VIOLATION || (code && RETRYABLE.has(code)))) continue;
      throw error;
    }
  }
}

/** Drizzle wraps driver errors (DrizzleQueryError), so PostgreSQL's SQLSTATE may sit on `cause`. */
function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

async function settleOnce(
  db: Db,
  paymentId: string,
  outcome: SettleOutcome,
  source: SettleSource,
  options: SettleOptions,
): Promise<SettleResult> {
  const at = options.at ?? new Date();
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!payment) return { changed: false, status: null, receiptCode: null };
    if (options.expectProvider && payment.provider !== options.expectProvider) {
      return { changed: false, status: payment.status as PaymentStatus, receiptCode: null };
    }

    const from = payment.status as PaymentStatus;
    const lateSuccess = from === 'failed' && payment.failureReason === 'expired';
    if (!(from === 'pending' || (outcome.status === 'completed' && lateSuccess))) {
      return { changed: false, status: from, receiptCode: payment.receiptCode };
    }

    let next: PaymentStatus;
    let failureReason: string | null = null;
    if (outcome.status === 'failed') {
      next = 'failed';
      failureReason = outcome.reason.slice(0, 500);
    } else if (
      outcome.amount !== payment.amount ||
      outcome.currency.toUpperCase() !== payment.currency
    ) {
      // Never credit votes for money we did not receive in full.
      next = 'failed';
      failureReason = `amount_mismatch: expected ${payment.amount} ${payment.currency}, provider reported ${outcome.amount} ${outcome.currency}`;
    } else {
      next = 'completed';
    }

    const receiptCode = next === 'completed' ? generateReceiptCode() : null;
    const [updated] = await tx
      .update(payments)
      .set({
        status: next,
        failureReason,
        receiptCode,
        providerRef: outcome.providerRef ?? payment.providerRef,
        settledAt: at,
        updatedAt: at,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, from)))
      .returning({ id: payments.id });
    if (!updated) return { changed: false, status: from, receiptCode: payment.receiptCode };

    await tx.insert(paymentEvents).values({
      paymentId,
      fromStatus: from,
      toStatus: next,
      source,
      detail: failureReason,
      createdAt: at,
    });

    if (next === 'completed') {
      // Tallies last, so the shared counter rows stay locked for as short a time as possible.
      await tx.execute(sql`
        UPDATE nominations n SET vote_count = n.vote_count + pv.votes
        FROM (SELECT nomination_id, SUM(vote_count)::int AS votes FROM payment_votes
              WHERE payment_id = ${paymentId} GROUP BY nomination_id) pv
        WHERE n.id = pv.nomination_id`);
      await tx.execute(sql`
        INSERT INTO nomination_hourly_votes (nomination_id, hour, votes)
        SELECT nomination_id, ${hourOf(at)}, SUM(vote_count)::int FROM payment_votes
        WHERE payment_id = ${paymentId} GROUP BY nomination_id
        ON CONFLICT (nomination_id, hour)
        DO UPDATE SET votes = nomination_hourly_votes.votes + EXCLUDED.votes`);
      await tx.execute(sql`
        INSERT INTO provider_hourly_totals (provider, hour, votes, revenue, payments)
        VALUES (${payment.provider}, ${hourOf(at)}, ${payment.totalVotes}, ${payment.amount}, 1)
        ON CONFLICT (provider, hour) DO UPDATE SET
          votes = provider_hourly_totals.votes + EXCLUDED.votes,
          revenue = provider_hourly_totals.revenue + EXCLUDED.revenue,
          payments = provider_hourly_totals.payments + 1`);
    }
    return { changed: true, status: next, receiptCode };
  });
}
