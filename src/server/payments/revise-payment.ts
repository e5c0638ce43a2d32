import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { appendLedgerCorrections } from '#server/ledger/ledger-correction.js';
import type { SettledPayment } from '#server/events/app-events.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import type { LedgerCorrectionReason } from '#shared/schemas/ledger.js';
import { insertPaymentMessagesSql, revisionMessages } from './payment-messages.js';
import {
  decideRevision,
  revisionDetail,
  unchanged,
  voteMoves,
  type LockedPayment,
  type LockedVote,
  type PaymentRevision,
  type Revised,
  type RevisionResult,
  type RevisionSource,
  type VoteMove,
} from './revision-decision.js';
import { emitSettled, hourOf, retryAborted, type SettleDeps } from './settle.js';

export type { PaymentRevision, RevisionResult, RevisionSource } from './revision-decision.js';

export interface RevisionOptions {
  /** Why, for the status history (an admin's reason). */
  detail?: string;
  expectProvider?: string;
  at?: Date;
  /**
   * An admin returns the money of a payment held in `needs_review`: none of its votes were
   * counted, and the refund (of the whole order) ends the review as `refunded`.
   */
  fromReview?: boolean;
  /** Runs in the revision's transaction when it changes the payment (the audit row of an admin action). */
  inTransaction?: (
    tx: Db,
    change: { before: PaymentStanding; after: PaymentStanding },
  ) => Promise<void>;
}

/** A payment's money and votes at one moment, as the audit trail records them. */
export interface PaymentStanding {
  status: PaymentStatus;
  refundedAmount: number;
  disputeStatus: string | null;
  countedVotes: number;
}

/** What a committed revision changed, announced after commit. */
interface WrittenRevision {
  result: RevisionResult;
  settled?: SettledPayment;
  tallies: { id: string; vote_count: number; tally_seq: string }[];
  queued?: number;
}

/**
 * The sibling of settle() for what happens after a payment completed: refunds and disputes. One
 * transaction takes the payment's row lock (the same one settle() takes, so the two never
 * interleave on a payment), decides what the report changes (decideRevision: refunds only grow, a
 * closed dispute stays closed; counted-votes.ts says which votes stay), and writes the status,
 * the status history, each vote row's counted share and the tallies' differences together.
 * Listeners hear the new counts only once committed, as from settle().
 */
export async function revisePayment(
  deps: SettleDeps,
  paymentId: string,
  revision: PaymentRevision,
  source: RevisionSource,
  options: RevisionOptions = {},
): Promise<RevisionResult> {
  const at = options.at ?? new Date();
  const written = await retryAborted(() =>
    deps.db.transaction(async (tx): Promise<WrittenRevision> => {
      const payment = await lockPayment(tx, paymentId);
      if (!payment || (options.expectProvider && payment.provider !== options.expectProvider)) {
        return { result: unchanged(null), tallies: [] };
      }
      const revised = decideRevision(payment, revision, options.fromReview);
      if (revised === 'deferred') {
        return { result: { ...unchanged(payment), deferred: true }, tallies: [] };
      }
      if (!revised) return { result: unchanged(payment), tallies: [] };
      const votes = await lockVotes(tx, paymentId);
      const moves = voteMoves(votes, revised.countedVotes);
      const detail = revisionDetail(payment, revision, revised, options.detail);
      const { tallies, queued } = await writeRevision(tx, deps, {
        payment,
        revised,
        moves,
        revision,
        source,
        detail,
        at,
      });
      await options.inTransaction?.(tx, auditSnapshots(payment, votes, revised));
      return writtenRevision(payment, revised, tallies, queued);
    }),
  );
  announceRevision(deps, written);
  return written.result;
}

/** The payment before and after a revision, for the audit row an admin's refund writes with it. */
function auditSnapshots(payment: LockedPayment, votes: readonly LockedVote[], revised: Revised) {
  return {
    before: {
      status: payment.status,
      refundedAmount: payment.refunded_amount,
      disputeStatus: payment.dispute_status,
      countedVotes: votes.reduce((sum, v) => sum + v.counted, 0),
    },
    after: {
      status: revised.status,
      refundedAmount: revised.refundedAmount,
      disputeStatus: revised.disputeStatus,
      countedVotes: revised.countedVotes,
    },
  };
}

/** What a written revision answers, and what it announces once committed. */
function writtenRevision(
  payment: LockedPayment,
  revised: Revised,
  tallies: WrittenRevision['tallies'],
  queued: number,
): WrittenRevision {
  return {
    result: {
      changed: true,
      status: revised.status,
      amount: payment.amount,
      currency: payment.currency,
      refundedAmount: revised.refundedAmount,
      countedVotes: revised.countedVotes,
    },
    tallies,
    settled: {
      paymentId: payment.id,
      status: revised.status,
      provider: payment.provider,
      amount: payment.amount,
      currency: payment.currency,
      votes: revised.countedVotes,
    },
    queued,
  };
}

async function lockPayment(tx: Db, paymentId: string): Promise<LockedPayment | undefined> {
  const [payment] = rowsOf<LockedPayment>(
    await tx.execute(sql`
      SELECT id, edition_id, status, provider, amount, currency, total_votes, failure_reason,
        refunded_amount, dispute_id, dispute_status, receipt_code, language, phone_number,
        voter_email
      FROM payments WHERE id = ${paymentId} FOR UPDATE`),
  );
  return payment;
}

async function lockVotes(tx: Db, paymentId: string): Promise<LockedVote[]> {
  return rowsOf<LockedVote>(
    await tx.execute(sql`
      SELECT id, nomination_id, vote_count, counted FROM payment_votes
      WHERE payment_id = ${paymentId} ORDER BY id FOR UPDATE`),
  );
}

/** A revision as written: the payment and what the decision made of it. */
interface RevisionChange {
  payment: LockedPayment;
  revised: Revised;
  moves: readonly VoteMove[];
  revision: PaymentRevision;
  source: RevisionSource;
  detail: string;
  at: Date;
}

/**
 * Writes a revision in the payment's locked transaction: the tallies it moves locked in id order,
 * the ledger's correction once results are out, the voter's message, and one statement for the
 * payment, its history, its vote rows and the tallies.
 */
async function writeRevision(
  tx: Db,
  deps: SettleDeps,
  change: RevisionChange,
): Promise<{ tallies: WrittenRevision['tallies']; queued: number }> {
  const nominationIds = await lockTallies(tx, change.moves);
  await correctPublishedLedger(tx, change, nominationIds);
  // What the voter is told, written by the statement that makes the change.
  const messages = deps.outbox ? revisionMessagesOf(deps.outbox, change) : [];
  const tallies = rowsOf<{ id: string; vote_count: number; tally_seq: string }>(
    await tx.execute(revisionStatement(change, messages)),
  );
  return { tallies, queued: messages.length };
}

/**
 * Locks the tally rows a revision moves, in id order, before they change: two revisions touching
 * the same nominations then wait for each other instead of deadlocking.
 */
async function lockTallies(tx: Db, moves: readonly VoteMove[]): Promise<string[]> {
  const nominationIds = [...new Set(moves.map((m) => m.nomination_id))].sort();
  if (nominationIds.length) {
    await tx.execute(sql`
      SELECT id FROM nominations
      WHERE id = ANY(string_to_array(${nominationIds.join(',')}, ',')::uuid[])
      ORDER BY id FOR NO KEY UPDATE`);
  }
  return nominationIds;
}

/** Results already published keep their ledger: the change is appended to it, dated. */
async function correctPublishedLedger(
  tx: Db,
  { payment, moves, revision, at }: RevisionChange,
  nominationIds: readonly string[],
): Promise<void> {
  await appendLedgerCorrections(tx, [
    {
      editionId: payment.edition_id,
      receiptCode: payment.receipt_code,
      changes: nominationIds.map((nominationId) => ({
        nominationId,
        votes: moves
          .filter((m) => m.nomination_id === nominationId)
          .reduce((sum, m) => sum + m.delta, 0),
      })),
      reason: correctionReason(revision),
      at,
    },
  ]);
}

/**
 * Why the published ledger's counts moved: a hold says so, and a release counts again as a credit
 * after review does.
 */
function correctionReason(revision: PaymentRevision): LedgerCorrectionReason {
  return revision.kind === 'release' ? 'credit' : revision.kind;
}

/** The refund or dispute notice the voter is sent, in the payment's language. */
function revisionMessagesOf(outbox: MessageOutbox, { payment, revised }: RevisionChange) {
  return revisionMessages(outbox, {
    id: payment.id,
    language: payment.language,
    phoneNumber: payment.phone_number,
    voterEmail: payment.voter_email,
    receiptCode: payment.receipt_code,
    amount: payment.amount,
    currency: payment.currency,
    before: { status: payment.status, refundedAmount: payment.refunded_amount },
    after: {
      status: revised.status,
      refundedAmount: revised.refundedAmount,
      countedVotes: revised.countedVotes,
    },
  });
}

/**
 * One statement for the payment, its history, its vote rows' counted shares, the voter's messages,
 * this hour's trending counts and the tallies; it returns the tallies as written.
 */
function revisionStatement(
  { payment, revised, moves, source, detail, at }: RevisionChange,
  messages: ReturnType<typeof revisionMessagesOf>,
) {
  const atText = at.toISOString();
  const recordset = sql`jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
    AS m(id uuid, nomination_id uuid, counted int, delta int)`;
  return sql`
      WITH m AS (SELECT * FROM ${recordset}),
      paid AS (
        UPDATE payments SET status = ${revised.status}, refunded_amount = ${revised.refundedAmount},
          dispute_id = ${revised.disputeId}, dispute_status = ${revised.disputeStatus},
          failure_reason = ${revised.failureReason === undefined ? sql`failure_reason` : revised.failureReason},
          updated_at = ${atText}::timestamptz
        WHERE id = ${payment.id}),
      logged AS (
        INSERT INTO payment_events (payment_id, from_status, to_status, source, detail, created_at)
        VALUES (${payment.id}, ${payment.status}, ${revised.status}, ${source},
          ${detail}, ${atText}::timestamptz)),
      recounted AS (
        UPDATE payment_votes v SET counted = m.counted FROM m WHERE v.id = m.id),
      ${messages.length ? sql`queued AS (${insertPaymentMessagesSql(messages)}),` : sql``}
      per_nomination AS (
        SELECT nomination_id, SUM(delta)::int AS delta FROM m GROUP BY nomination_id),
      -- Trending reads the hourly counts: votes taken back leave this hour's count.
      hourly AS (
        INSERT INTO nomination_hourly_votes (nomination_id, hour, votes)
        SELECT nomination_id, ${hourOf(at)}, delta FROM per_nomination ORDER BY nomination_id
        ON CONFLICT (nomination_id, hour)
        DO UPDATE SET votes = nomination_hourly_votes.votes + EXCLUDED.votes)
      UPDATE nominations n SET vote_count = n.vote_count + d.delta,
        tally_seq = nextval('nomination_tally_seq')
      FROM per_nomination d WHERE n.id = d.nomination_id
      RETURNING n.id, n.vote_count, n.tally_seq`;
}

/** Once committed: the outbox woken for the voter's message, and listeners told what moved. */
function announceRevision(deps: SettleDeps, written: WrittenRevision): void {
  if (written.queued) deps.outbox?.written();
  if (!written.result.changed) return;
  emitSettled(
    deps,
    written.settled ? [written.settled] : [],
    written.tallies.map((t) => ({ id: t.id, voteCount: t.vote_count, seq: Number(t.tally_seq) })),
  );
}
