import { appendLedgerCorrections } from '#server/ledger/ledger-correction.js';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.js';
import { rowsOf } from '#server/db/rows.js';
import { uuidList } from '#server/db/uuid-list.js';
import type { AppEvents, CountedTally, SettledPayment } from '#server/events/app-events.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import { splitKept } from './counted-votes.js';
import { insertPaymentMessagesSql, receiptMessages } from './payment-messages.js';
import { generateReceiptCode } from './receipt-code.js';
import {
  planSettlement,
  type LockedPaymentRow,
  type OrderCut,
  type SettleOutcome,
  type SettleRequest,
  type SettleResult,
  type SettlementChange,
  type SettlementPlan,
  type SettleSource,
} from './settlement-decision.js';

export type {
  SettleOutcome,
  SettleRequest,
  SettleResult,
  SettleSource,
} from './settlement-decision.js';

export interface SettleDeps {
  db: Db;
  events?: AppEvents;
  /**
   * Where the voter's messages about the change go (receipts, refund and dispute notices), written
   * in the change's transaction. Null writes none: the demo seed, and tests of other things.
   */
  outbox: MessageOutbox | null;
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
  /**
   * An admin credits a payment held in `needs_review`: the one way out of review to `completed`.
   * The outcome carries the payment's own amount, or the price of the fewer whole votes the money
   * received pays for: the order is then cut down to those votes in the same transaction.
   */
  creditReview?: boolean;
  /** Runs in the settlement's transaction when the payment moved (the audit row of an admin action). */
  inTransaction?: (tx: Db) => Promise<void>;
}

/** Deadlock and serialisation failure: PostgreSQL aborted the whole transaction (retryAborted). */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_RETRIES = 5;
/** The UTC hour `at` falls in, as the hourly tables key it. */
export const hourOf = (at: Date) =>
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
 * One exception to "exactly one transition": a payment settled on our own guess (expired, or a
 * collect whose transaction we could not find; see unconfirmed-outcome.ts) may still complete if
 * the provider later reports success, because the voter's money was taken and their votes must
 * count.
 */
export async function settle(
  deps: SettleDeps,
  paymentId: string,
  outcome: SettleOutcome,
  source: SettleSource,
  options: SettleOptions = {},
): Promise<SettleResult> {
  // A receipt-code collision (about 1 in 2^59 per pair) aborts the transaction: retry with a new code.
  return retryAborted(async () => {
    // One writer for every settlement: a single payment is a batch of one.
    const [result] = await settleBatch(
      deps,
      [
        {
          paymentId,
          outcome,
          source,
          expectProvider: options.expectProvider,
          creditReview: options.creditReview,
        },
      ],
      { at: options.at, inTransaction: options.inTransaction },
    );
    return result!;
  }, UNIQUE_VIOLATION);
}

/**
 * Runs a transaction again when PostgreSQL aborted it for a deadlock or a serialisation failure
 * (or `alsoOn`): nothing of it was kept, so running it again is safe, and beats failing a webhook
 * or a poll. Tally rows are shared by every settlement and revision of an artist's payments, locked
 * in whatever order the plan picks, so two can deadlock now and then.
 */
export async function retryAborted<T>(run: () => Promise<T>, alsoOn?: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= MAX_RETRIES || !code || !(RETRYABLE.has(code) || code === alsoOn)) throw error;
      // A random pause, so the two that deadlocked do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
  }
}

/**
 * Settles several payments in one transaction, each on its own terms, in four steps: lock and
 * read the payments (lockPayments), decide each one's move without the database
 * (planSettlement), write every move with its event rows and tallies in one statement
 * (writeSettlement), and once committed, announce it (announceSettlement). Under a burst of
 * webhooks the cost that dominates is per transaction: round trips, the commit's WAL flush, and
 * the provider_hourly_totals row every completion must update, which serialises the transactions
 * that meet on it for as long as each commit takes (hourlySlot spreads them). One transaction for
 * a batch pays each once.
 *
 * Payment ids must be distinct (a queue keeps repeats for a later batch). Rows are locked in id
 * order, so concurrent batches cannot deadlock on payments. Should the batch fail, nothing of it
 * was kept and the caller settles each request on its own with settle().
 */
export async function settleBatch(
  deps: SettleDeps,
  requests: readonly SettleRequest[],
  options: { at?: Date; inTransaction?: ((tx: Db) => Promise<void>) | undefined } = {},
): Promise<SettleResult[]> {
  const ids = requests.map((r) => r.paymentId);
  if (new Set(ids).size !== ids.length)
    throw new Error('settleBatch: payment ids must be distinct');
  const at = options.at ?? new Date();
  const { results, written } = await deps.db.transaction(async (tx) => {
    const locked = await lockPayments(tx, ids);
    const plan = planSettlement(requests, locked, generateReceiptCode);
    if (!plan.changes.length) return { results: plan.results, written: null };
    const published = locked.some((row) => row.results_published);
    const editionOf = new Map(locked.map((row) => [row.id, row.edition_id]));
    const written = await writeSettlement(tx, deps.outbox, plan, {
      ids,
      at,
      published,
      editionOf,
    });
    await options.inTransaction?.(tx);
    return { results: plan.results, written };
  });
  if (written) announceSettlement(deps, written, at);
  return results;
}

/**
 * Locks the payments FOR UPDATE in id order and reads what the decision needs. Their editions'
 * rows are held FOR SHARE first, as appendLedgerCorrections() holds them for a revision: a
 * publication under way is waited for (then read as published), and one that starts waits for
 * this transaction, so its ledger counts these credits or they are appended as corrections. A
 * payment's edition never changes, so reading it before the payment's lock is safe.
 */
async function lockPayments(tx: Db, ids: readonly string[]): Promise<LockedPaymentRow[]> {
  return rowsOf<LockedPaymentRow>(await tx.execute(paymentLockSql(ids)));
}

/**
 * The statement of lockPayments(). The editions are found through the payments' ids, read once
 * into an array: as a semi-join, a planner without statistics walked every payment of the
 * edition (19 ms at 27,000 payments, growing with the event) for each settlement.
 */
export function paymentLockSql(ids: readonly string[]) {
  const idList = uuidList(ids);
  return sql`
      WITH ev AS MATERIALIZED (
        SELECT id, results_published_at IS NOT NULL AS published FROM editions
        WHERE id = ANY(ARRAY(SELECT edition_id FROM payments WHERE id = ANY(${idList})))
        ORDER BY id FOR SHARE)
      SELECT p.id, p.edition_id, p.status, p.provider, p.amount, p.currency, p.total_votes,
        p.failure_reason, p.receipt_code,
        COALESCE(p.amount_change_until > now(), false) AS amount_changing,
        p.language, p.phone_number, p.voter_email,
        COALESCE((SELECT published FROM ev WHERE ev.id = p.edition_id), false) AS results_published
      FROM payments p
      WHERE p.id = ANY(${idList})
      ORDER BY p.id FOR UPDATE OF p`;
}

/** What a committed settlement changed: the payments it moved, the tallies it wrote, its messages. */
interface WrittenSettlement {
  payments: SettledRow[];
  tallies: SettledRow[];
  queued: number;
}

/**
 * Writes a plan in the locked rows' transaction: orders cut first, the completions' receipts
 * queued, their tallies locked, then one statement for every move, and after publication the
 * ledger's corrections for the votes it credited.
 */
async function writeSettlement(
  tx: Db,
  outbox: MessageOutbox | null,
  plan: SettlementPlan,
  {
    ids,
    at,
    published,
    editionOf,
  }: {
    ids: readonly string[];
    at: Date;
    /** Whether any of the payments' editions has published its results. */
    published: boolean;
    editionOf: ReadonlyMap<string, number>;
  },
): Promise<WrittenSettlement> {
  for (const cut of plan.cuts) await cutOrder(tx, cut);
  // The receipts are written by the statement that completes the payments, so they exist
  // exactly when the completion does (read before the tallies are locked, to hold them no longer).
  const messages =
    outbox && plan.completed.length ? await receiptMessages(tx, outbox, plan.completed) : [];
  const completing = plan.completed.map((payment) => payment.id);
  if (completing.length) await lockTalliesOf(tx, completing);
  const reported = await settlingStatement(tx, {
    changes: plan.changes,
    ids,
    at,
    published,
    messages,
  });
  const payments = reported.filter((row) => row.kind === 'payment');
  // The rows are locked and were read in this transaction, so every change applies; if one
  // did not, the batch is abandoned (rolled back) rather than half-applied.
  if (payments.length !== plan.changes.length)
    throw new Error('settleBatch: a locked payment changed');
  if (published && completing.length) {
    await appendCreditCorrections(
      tx,
      plan.changes,
      reported.filter((row) => row.kind === 'credit'),
      { at, editionOf },
    );
  }
  return {
    payments,
    tallies: reported.filter((row) => row.kind === 'tally'),
    queued: messages.length,
  };
}

/**
 * Locks the tallies these completions add to in id order first, as revisePayment() does: a
 * settlement and a refund touching the same nominations then queue instead of deadlocking. NO
 * KEY, the UPDATE's own strength: a checkout inserting votes for these nominations passes.
 *
 * The vote lines are read first, by payment, into an array: written as `id IN (subquery)`, a
 * planner with stale statistics walked every nomination's votes instead (about 200 ms at 70,000
 * vote lines, while the payments' row locks were held).
 */
async function lockTalliesOf(tx: Db, paymentIds: readonly string[]): Promise<void> {
  await tx.execute(tallyLockSql(paymentIds));
}

export const tallyLockSql = (paymentIds: readonly string[]) => sql`
  SELECT id FROM nominations WHERE id = ANY(ARRAY(
    SELECT nomination_id FROM payment_votes
    WHERE payment_id = ANY(${uuidList(paymentIds)})))
  ORDER BY id FOR NO KEY UPDATE`;

/**
 * One statement: the conditional update, its event rows, and the tallies of the payments it
 * completed (from what it returned, so only payments that really moved are counted). Fewer round
 * trips while the shared tally rows are locked. Once results are out it also returns the vote
 * lines it credited, which the ledger's corrections are made of.
 */
async function settlingStatement(
  tx: Db,
  {
    changes,
    ids,
    at,
    published,
    messages,
  }: {
    changes: readonly SettlementChange[];
    ids: readonly string[];
    at: Date;
    published: boolean;
    messages: Parameters<typeof insertPaymentMessagesSql>[0];
  },
): Promise<SettledRow[]> {
  const recordset = sql`jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS u(id uuid,
    from_status text, status text, failure_reason text, receipt_code text, provider_ref text,
    provider_fee int, source text)`;
  return rowsOf<SettledRow>(
    await tx.execute(sql`
      WITH u AS (SELECT * FROM ${recordset}),
      moved AS (
        UPDATE payments p SET status = u.status, failure_reason = u.failure_reason,
          receipt_code = u.receipt_code, provider_ref = COALESCE(u.provider_ref, p.provider_ref),
          provider_fee = COALESCE(u.provider_fee, p.provider_fee),
          settled_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
        FROM u
        WHERE p.id = u.id AND p.status = u.from_status
          -- Lets the planner reach the rows through the primary key, not a scan of payments. One
          -- parameter for the list, unlike the locks' uuidList(): this statement's kept plan holds
          -- for every length, and a text per length cost 0.1 ms of planning a run.
          AND p.id = ANY(string_to_array(${ids.join(',')}, ',')::uuid[])
        RETURNING p.id, p.edition_id, p.status, p.provider, p.amount, p.currency, p.total_votes,
          p.created_at),
      logged AS (
        INSERT INTO payment_events (payment_id, from_status, to_status, source, detail, created_at)
        SELECT u.id, u.from_status, u.status, u.source, u.failure_reason, ${at.toISOString()}::timestamptz
        FROM u JOIN moved ON moved.id = u.id),
      credited AS (
        UPDATE payment_votes SET counted = vote_count
        WHERE payment_id IN (SELECT id FROM moved WHERE status = 'completed')
        RETURNING payment_id, nomination_id, vote_count),
      pv AS (SELECT nomination_id, SUM(vote_count)::int AS votes FROM credited GROUP BY nomination_id),
      tallied AS (
        UPDATE nominations n SET vote_count = n.vote_count + pv.votes,
          tally_seq = nextval('nomination_tally_seq')
        FROM pv WHERE n.id = pv.nomination_id
        RETURNING n.id, n.vote_count, n.tally_seq),
      ${hourlyStatistics(at)}
      ${messages.length ? sql`, queued AS (${insertPaymentMessagesSql(messages)})` : sql``}
      SELECT 'payment' AS kind, id, status, provider, amount, currency, total_votes AS votes,
        NULL::bigint AS seq, created_at, NULL::uuid AS nomination_id FROM moved
      UNION ALL
      SELECT 'tally', id, NULL, NULL, NULL, NULL, vote_count, tally_seq, NULL, NULL FROM tallied
      ${
        published
          ? sql`UNION ALL
      SELECT 'credit', payment_id, NULL, NULL, NULL, NULL, vote_count, NULL, NULL, nomination_id
      FROM credited`
          : sql``
      }`),
  );
}

/**
 * Which of an hour's 16 rows of provider_hourly_totals a settlement adds to: its connection's. One
 * row an hour made every completing transaction wait for the one before to commit; spread over
 * connections, concurrent settlements rarely meet. Readers sum the rows. The payments' trigger
 * splits payment_hourly_stats the same way (migration 0023).
 */
const hourlySlot = sql`(pg_backend_pid() % 16)::smallint`;

/**
 * The settling statement's hourly statistics, from its `pv` (votes credited per nomination) and
 * `moved` (payments moved): this hour's votes per nomination, which trending reads, and this
 * hour's votes, revenue and payments per edition and provider, which the dashboard reads.
 */
function hourlyStatistics(at: Date) {
  return sql`hourly AS (
        INSERT INTO nomination_hourly_votes (nomination_id, hour, votes)
        SELECT nomination_id, ${hourOf(at)}, votes FROM pv
        ON CONFLICT (nomination_id, hour)
        DO UPDATE SET votes = nomination_hourly_votes.votes + EXCLUDED.votes),
      totals AS (
        INSERT INTO provider_hourly_totals (edition_id, provider, hour, slot, votes, revenue,
          payments)
        SELECT edition_id, provider, ${hourOf(at)}, ${hourlySlot}, SUM(total_votes)::int,
          SUM(amount)::int, COUNT(*)::int
        FROM moved WHERE status = 'completed' GROUP BY edition_id, provider
        ON CONFLICT (edition_id, provider, hour, slot) DO UPDATE SET
          votes = provider_hourly_totals.votes + EXCLUDED.votes,
          revenue = provider_hourly_totals.revenue + EXCLUDED.revenue,
          payments = provider_hourly_totals.payments + EXCLUDED.payments)`;
}

/** Once committed: the outbox woken for the receipts, and listeners told what moved. */
function announceSettlement(deps: SettleDeps, written: WrittenSettlement, at: Date): void {
  if (written.queued) deps.outbox?.written();
  emitSettled(
    deps,
    written.payments.flatMap((p) =>
      p.status && p.status !== 'pending'
        ? [
            {
              paymentId: p.id,
              status: p.status,
              provider: p.provider!,
              amount: p.amount!,
              currency: p.currency!,
              votes: p.votes,
              settlement: {
                createdAt: new Date(p.created_at!).toISOString(),
                settledAt: at.toISOString(),
              },
            },
          ]
        : [],
    ),
    written.tallies.map((t) => ({ id: t.id, voteCount: t.votes, seq: Number(t.seq) })),
  );
}

/**
 * Votes credited once results are out are appended to their edition's published ledger as dated corrections
 * (ADR 0058), so its corrected totals still equal the tallies. `credited` are the vote lines the
 * settling statement credited (the `credit` rows it returns after publication).
 */
async function appendCreditCorrections(
  tx: Db,
  changes: readonly { id: string; status: PaymentStatus; receipt_code: string | null }[],
  credited: readonly SettledRow[],
  { at, editionOf }: { at: Date; editionOf: ReadonlyMap<string, number> },
): Promise<void> {
  await appendLedgerCorrections(
    tx,
    changes
      .filter((change) => change.status === 'completed')
      .map((change) => ({
        editionId: editionOf.get(change.id)!,
        receiptCode: change.receipt_code,
        changes: credited
          .filter((row) => row.id === change.id)
          .map((row) => ({ nominationId: row.nomination_id!, votes: row.votes })),
        reason: 'credit' as const,
        at,
      })),
  );
}

/**
 * Tells listeners (live streams, the catalogue, other instances) what a committed settlement or
 * revision changed. Only once committed: a listener must never show a count the database could
 * still undo.
 */
export function emitSettled(
  deps: SettleDeps,
  payments: readonly SettledPayment[],
  tallies: readonly CountedTally[],
): void {
  for (const payment of payments) deps.events?.emit('payment-settled', payment);
  if (tallies.length) deps.events?.emit('votes-counted', { tallies: [...tallies] });
}

/**
 * What the settling statement reports: each payment it moved and each tally it wrote, and after
 * publication each vote line it credited (`id` its payment's, `votes` the votes credited).
 */
interface SettledRow {
  kind: 'payment' | 'tally' | 'credit';
  id: string;
  status: PaymentStatus | null;
  provider: string | null;
  amount: number | null;
  currency: string | null;
  votes: number;
  /** bigint: node-postgres hands it over as a string. */
  seq: string | number | null;
  created_at: string | Date | null;
  /** Of a credited vote line only. */
  nomination_id: string | null;
}

/**
 * Cuts an order in review down to the votes its money paid for, before settlement credits it:
 * each nomination keeps its share (splitKept, the rule refunds use) and the payment its new
 * amount and vote count, so tallies, revenue and the integrity check all read the cut order.
 * What was ordered stays in the audit row of the credit.
 */
async function cutOrder(tx: Db, cut: OrderCut): Promise<void> {
  const lines = rowsOf<{ id: string; nomination_id: string; vote_count: number }>(
    await tx.execute(sql`
      SELECT id, nomination_id, vote_count FROM payment_votes
      WHERE payment_id = ${cut.id} ORDER BY id FOR UPDATE`),
  );
  const split = splitKept(
    lines.map((line) => ({ nominationId: line.nomination_id, voteCount: line.vote_count })),
    cut.votes,
  );
  const kept = lines.map((line) => ({ id: line.id, votes: split.get(line.nomination_id) ?? 0 }));
  await tx.execute(sql`
    UPDATE payment_votes v SET vote_count = k.votes
    FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS k(id uuid, votes int)
    WHERE v.id = k.id`);
  await tx.execute(sql`
    UPDATE payments SET amount = ${cut.amount}, total_votes = ${cut.votes} WHERE id = ${cut.id}`);
}
