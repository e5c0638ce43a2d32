import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.js';
import { rowsOf } from '#server/db/rows.js';
import type { AppEvents } from '#server/events/app-events.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import { generateReceiptCode } from './receipt-code.js';

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
  // The provider refused the payment when asked to start it (bad number, no balance).
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
   * The provider a report came from. A report about a payment of
   * another provider (a Stripe event whose metadata names a mobile-money payment, say) changes
   * nothing, instead of failing that payment on a currency mismatch. Checked under the row lock,
   * so it costs no extra round trip on the webhook path.
   */
  expectProvider?: string;
}

/**
 * Settlements of payments for the same artist lock the same tally rows, in an order the
 * query plan picks. Should two ever deadlock, PostgreSQL aborts one whole transaction; running it
 * again is safe (nothing of it was kept) and beats failing a webhook or a poll.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const hourOf = (at: Date) =>
  sql`date_trunc('hour', ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/**
 * Settles one payment: a batch of one through settleBatch(), the one writer by which a payment
 * leaves `pending`, retried when the transaction is aborted by a deadlock, a serialisation failure
 * or a receipt-code collision. Provider reports reach settleBatch() through the settlement queue,
 * which comes here for each request of a batch that failed; a payment that could not be started
 * comes here directly. It is safe to call any number of times,
 * concurrently, in any order: the row lock plus the conditional update let exactly one call move
 * the payment, and the vote tallies change in that same transaction. A later call is a no-op.
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
      // One writer for every settlement: a single payment is a batch of one.
      const [result] = await settleBatch(
        deps,
        [{ paymentId, outcome, source, expectProvider: options.expectProvider }],
        { at: options.at },
      );
      return result!;
    } catch (error) {
      // A receipt-code collision (about 1 in 2^59 per pair) aborts the transaction: retry with a new code.
      const code = pgErrorCode(error);
      if (attempt < 3 && (code === UNIQUE_VIOLATION || (code && RETRYABLE.has(code)))) continue;
      throw error;
    }
  }
}

interface TransitionInput {
  status: PaymentStatus;
  amount: number;
  currency: string;
  failureReason: string | null;
}

/**
 * Whether and where an outcome moves a payment: from `pending` only (or from our own `expired`
 * to `completed`), and never to `completed` for an amount or currency other than the stored one.
 */
function decideTransition(
  payment: TransitionInput,
  outcome: SettleOutcome,
): { from: PaymentStatus; next: PaymentStatus; failureReason: string | null } | null {
  const from = payment.status;
  const lateSuccess = from === 'failed' && payment.failureReason === 'expired';
  if (!(from === 'pending' || (outcome.status === 'completed' && lateSuccess))) return null;
  if (outcome.status === 'failed') {
    return { from, next: 'failed', failureReason: outcome.reason.slice(0, 500) };
  }
  if (outcome.amount !== payment.amount || outcome.currency.toUpperCase() !== payment.currency) {
    // Never credit votes for money we did not receive in full.
    return {
      from,
      next: 'failed',
      failureReason: `amount_mismatch: expected ${payment.amount} ${payment.currency}, provider reported ${outcome.amount} ${outcome.currency}`,
    };
  }
  return { from, next: 'completed', failureReason: null };
}

export interface SettleRequest {
  paymentId: string;
  outcome: SettleOutcome;
  source: SettleSource;
  expectProvider?: string;
}

/** A payment read under FOR UPDATE at the start of a settlement (raw SQL: a row lock in id order). */
interface LockedPaymentRow {
  id: string;
  status: PaymentStatus;
  provider: string;
  amount: number;
  currency: string;
  failure_reason: string | null;
  receipt_code: string | null;
}

/**
 * Settles several payments in one transaction, each on its own terms (decideTransition, a
 * conditional update from the status read under the lock, an event row, tallies in the same
 * transaction). Under a burst of webhooks the cost that
 * dominates is per transaction: round trips, the commit's WAL flush, and above all the single
 * provider_hourly_totals row every completion must update, which serialises one transaction at
 * a time for as long as its commit takes. One transaction for a batch pays each once.
 *
 * Payment ids must be distinct (a queue keeps repeats for a later batch). Rows are locked in id
 * order, so concurrent batches cannot deadlock on payments. Should the batch fail, nothing of it
 * was kept and the caller settles each request on its own with settle().
 */
export async function settleBatch(
  deps: SettleDeps,
  requests: readonly SettleRequest[],
  options: { at?: Date } = {},
): Promise<SettleResult[]> {
  const ids = requests.map((r) => r.paymentId);
  if (new Set(ids).size !== ids.length)
    throw new Error('settleBatch: payment ids must be distinct');
  const at = options.at ?? new Date();
  const results = await deps.db.transaction(async (tx) => {
    const locked = rowsOf<LockedPaymentRow>(
      await tx.execute(sql`
        SELECT id, status, provider, amount, currency, failure_reason, receipt_code FROM payments
        WHERE id = ANY(string_to_array(${ids.join(',')}, ',')::uuid[]) ORDER BY id FOR UPDATE`),
    );
    const byId = new Map(locked.map((p) => [p.id, p]));
    const changes: {
      id: string;
      from_status: PaymentStatus;
      status: PaymentStatus;
      failure_reason: string | null;
      receipt_code: string | null;
      provider_ref: string | null;
      source: SettleSource;
    }[] = [];
    const results: SettleResult[] = requests.map((request) => {
      const payment = byId.get(request.paymentId);
      if (!payment) return { changed: false, status: null, receiptCode: null };
      const { status } = payment;
      if (request.expectProvider && payment.provider !== request.expectProvider) {
        return { changed: false, status, receiptCode: null };
      }
      const decision = decideTransition(
        { ...payment, failureReason: payment.failure_reason },
        request.outcome,
      );
      if (!decision) return { changed: false, status, receiptCode: payment.receipt_code };
      const receiptCode = decision.next === 'completed' ? generateReceiptCode() : null;
      changes.push({
        id: payment.id,
        from_status: decision.from,
        status: decision.next,
        failure_reason: decision.failureReason,
        receipt_code: receiptCode,
        provider_ref: request.outcome.providerRef ?? null,
        source: request.source,
      });
      return { changed: true, status: decision.next, receiptCode };
    });
    if (!changes.length) return results;

    const recordset = sql`jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS u(id uuid,
      from_status text, status text, failure_reason text, receipt_code text, provider_ref text, source text)`;
    // One statement: the conditional update, its event rows, and the tallies of the payments it
    // completed (from what it returned, so only payments that really moved are counted). Fewer
    // round trips while the shared tally rows are locked.
    const moved = rowsOf<{ id: string }>(
      await tx.execute(sql`
        WITH u AS (SELECT * FROM ${recordset}),
        moved AS (
          UPDATE payments p SET status = u.status, failure_reason = u.failure_reason,
            receipt_code = u.receipt_code, provider_ref = COALESCE(u.provider_ref, p.provider_ref),
            settled_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
          FROM u
          WHERE p.id = u.id AND p.status = u.from_status
            -- Lets the planner reach the rows through the primary key, not a scan of payments.
            AND p.id = ANY(string_to_array(${ids.join(',')}, ',')::uuid[])
          RETURNING p.id, p.status, p.provider, p.amount, p.total_votes),
        logged AS (
          INSERT INTO payment_events (payment_id, from_status, to_status, source, detail, created_at)
          SELECT u.id, u.from_status, u.status, u.source, u.failure_reason, ${at.toISOString()}::timestamptz
          FROM u JOIN moved ON moved.id = u.id),
        pv AS (
          SELECT nomination_id, SUM(vote_count)::int AS votes FROM payment_votes
          WHERE payment_id IN (SELECT id FROM moved WHERE status = 'completed')
          GROUP BY nomination_id),
        tallied AS (
          UPDATE nominations n SET vote_count = n.vote_count + pv.votes
          FROM pv WHERE n.id = pv.nomination_id),
        hourly AS (
          INSERT INTO nomination_hourly_votes (nomination_id, hour, votes)
          SELECT nomination_id, ${hourOf(at)}, votes FROM pv
          ON CONFLICT (nomination_id, hour)
          DO UPDATE SET votes = nomination_hourly_votes.votes + EXCLUDED.votes),
        totals AS (
          INSERT INTO provider_hourly_totals (provider, hour, votes, revenue, payments)
          SELECT provider, ${hourOf(at)}, SUM(total_votes)::int, SUM(amount)::int, COUNT(*)::int
          FROM moved WHERE status = 'completed' GROUP BY provider
          ON CONFLICT (provider, hour) DO UPDATE SET
            votes = provider_hourly_totals.votes + EXCLUDED.votes,
            revenue = provider_hourly_totals.revenue + EXCLUDED.revenue,
            payments = provider_hourly_totals.payments + EXCLUDED.payments)
        SELECT id FROM moved`),
    );
    // The rows are locked and were read in this transaction, so every change applies; if one
    // did not, the batch is abandoned (rolled back) rather than half-applied.
    if (moved.length !== changes.length) throw new Error('settleBatch: a locked payment changed');
    return results;
  });
  let anyCompleted = false;
  for (const [i, result] of results.entries()) {
    if (!result.changed || !result.status || result.status === 'pending') continue;
    deps.events?.emit('payment-settled', {
      paymentId: requests[i]!.paymentId,
      status: result.status,
    });
    anyCompleted ||= result.status === 'completed';
  }
  if (anyCompleted) deps.events?.emit('catalog-changed');
  return results;
}
