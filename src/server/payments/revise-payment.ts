import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { Language } from '#shared/limits.js';
import { appendLedgerCorrections } from '#server/features/ledger/ledger-correction.js';
import { CREDITED_STATUSES, type PaymentStatus } from '#shared/schemas/payment.js';
import { disputeStanding, isDisputeFinal, keptVotes, splitKept } from './counted-votes.js';
import { insertPaymentMessagesSql, revisionMessages } from './payment-messages.js';
import { emitSettled, hourOf, retryAborted, type SettleDeps, type SettleSource } from './settle.js';

/**
 * What the provider (or an admin) says happened to a payment's money after it was paid. Both are
 * absolute, never "one more refund": the provider's running total of refunds and the dispute's
 * current state. Deliveries that repeat or arrive out of order then cannot count twice.
 */
export type PaymentRevision =
  | { kind: 'refund'; refundedAmount: number }
  | { kind: 'dispute'; disputeId: string; status: string };

export type RevisionSource = Extract<SettleSource, 'webhook' | 'callback' | 'admin' | 'reconcile'>;

export interface RevisionResult {
  /** False when the revision changed nothing (a repeat, an older state, or an unknown payment). */
  changed: boolean;
  /**
   * The payment's success is not recorded yet (it is pending, or we expired it): the revision
   * must wait for it, so the caller asks the provider to deliver again later.
   */
  deferred?: true;
  status: PaymentStatus | null;
  amount: number;
  currency: string;
  refundedAmount: number;
  /** The payment's votes still in the tallies. */
  countedVotes: number;
}

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

interface LockedPayment {
  id: string;
  status: PaymentStatus;
  provider: string;
  amount: number;
  currency: string;
  total_votes: number;
  failure_reason: string | null;
  refunded_amount: number;
  dispute_id: string | null;
  dispute_status: string | null;
  receipt_code: string | null;
  language: Language;
  phone_number: string | null;
  voter_email: string | null;
}

interface LockedVote {
  id: string;
  nomination_id: string;
  vote_count: number;
  counted: number;
}

/** Payments whose votes were credited: the only ones a refund or dispute takes votes from. */
const CREDITED = new Set<PaymentStatus>(CREDITED_STATUSES);

/**
 * The sibling of settle() for what happens after a payment completed: refunds and disputes. One
 * transaction takes the payment's row lock (the same one settle() takes, so the two never
 * interleave on a payment), merges the report into what is stored (refunds only grow, a closed
 * dispute stays closed), works out which votes stay (counted-votes.ts), and writes the status,
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
  const atText = at.toISOString();
  const outcome = await retryAborted(() =>
    deps.db.transaction(async (tx) => {
      const [payment] = rowsOf<LockedPayment>(
        await tx.execute(sql`
        SELECT id, status, provider, amount, currency, total_votes, failure_reason,
          refunded_amount, dispute_id, dispute_status, receipt_code, language, phone_number,
          voter_email
        FROM payments WHERE id = ${paymentId} FOR UPDATE`),
      );
      if (!payment || (options.expectProvider && payment.provider !== options.expectProvider)) {
        return { result: unchanged(null), tallies: [] };
      }
      const waitingForSuccess =
        payment.status === 'pending' ||
        (payment.status === 'failed' && payment.failure_reason === 'expired');
      if (waitingForSuccess) {
        return { result: { ...unchanged(payment), deferred: true as const }, tallies: [] };
      }
      const endsReview =
        options.fromReview === true &&
        payment.status === 'needs_review' &&
        revision.kind === 'refund' &&
        revision.refundedAmount >= payment.amount;
      if (!CREDITED.has(payment.status) && !endsReview) {
        return { result: unchanged(payment), tallies: [] };
      }

      const refunded =
        revision.kind === 'refund'
          ? Math.min(payment.amount, Math.max(payment.refunded_amount, revision.refundedAmount))
          : payment.refunded_amount;
      const keepStoredDispute =
        revision.kind !== 'dispute' ||
        (isDisputeFinal(payment.dispute_status) && !isDisputeFinal(revision.status));
      const disputeId = keepStoredDispute ? payment.dispute_id : revision.disputeId;
      const disputeStatus = keepStoredDispute ? payment.dispute_status : revision.status;
      if (refunded === payment.refunded_amount && disputeStatus === payment.dispute_status) {
        return { result: unchanged(payment), tallies: [] };
      }

      const standing = disputeStanding(disputeStatus);
      const kept = keptVotes(
        { amount: payment.amount, totalVotes: payment.total_votes, refundedAmount: refunded },
        standing,
      );
      const status: PaymentStatus =
        standing === 'open' || standing === 'lost'
          ? 'disputed'
          : refunded > 0
            ? 'refunded'
            : 'completed';
      const votes = rowsOf<LockedVote>(
        await tx.execute(sql`
        SELECT id, nomination_id, vote_count, counted FROM payment_votes
        WHERE payment_id = ${paymentId} ORDER BY id FOR UPDATE`),
      );
      // A payment names each nomination once (checkout refuses repeats), so nominations key the split.
      const split = splitKept(
        votes.map((v) => ({ nominationId: v.nomination_id, voteCount: v.vote_count })),
        kept,
      );
      const moves = votes
        .map((v) => {
          const counted = split.get(v.nomination_id) ?? 0;
          return { id: v.id, nomination_id: v.nomination_id, counted, delta: counted - v.counted };
        })
        .filter((m) => m.delta !== 0);
      const detail = [
        revision.kind === 'refund'
          ? `refunded ${refunded} of ${payment.amount} ${payment.currency}`
          : `dispute ${disputeId ?? ''} ${disputeStatus ?? ''}`.trim(),
        options.detail,
      ]
        .filter(Boolean)
        .join(': ')
        .slice(0, 500);
      // The tally rows are locked in id order before they change: two revisions touching the same
      // nominations then wait for each other instead of deadlocking.
      const nominationIds = [...new Set(moves.map((m) => m.nomination_id))].sort();
      if (nominationIds.length) {
        await tx.execute(sql`
        SELECT id FROM nominations
        WHERE id = ANY(string_to_array(${nominationIds.join(',')}, ',')::uuid[])
        ORDER BY id FOR NO KEY UPDATE`);
      }
      // Results already published keep their ledger: the change is appended to it, dated.
      await appendLedgerCorrections(tx, [
        {
          receiptCode: payment.receipt_code,
          changes: nominationIds.map((nominationId) => ({
            nominationId,
            votes: moves
              .filter((m) => m.nomination_id === nominationId)
              .reduce((sum, m) => sum + m.delta, 0),
          })),
          reason: revision.kind,
          at,
        },
      ]);
      // What the voter is told, written by the statement that makes the change.
      const messages = deps.outbox
        ? revisionMessages(deps.outbox, {
            id: payment.id,
            language: payment.language,
            phoneNumber: payment.phone_number,
            voterEmail: payment.voter_email,
            receiptCode: payment.receipt_code,
            amount: payment.amount,
            currency: payment.currency,
            before: { status: payment.status, refundedAmount: payment.refunded_amount },
            after: { status, refundedAmount: refunded, countedVotes: kept },
          })
        : [];
      const recordset = sql`jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
      AS m(id uuid, nomination_id uuid, counted int, delta int)`;
      const tallies = rowsOf<{ id: string; vote_count: number; tally_seq: string }>(
        await tx.execute(sql`
        WITH m AS (SELECT * FROM ${recordset}),
        paid AS (
          UPDATE payments SET status = ${status}, refunded_amount = ${refunded},
            dispute_id = ${disputeId}, dispute_status = ${disputeStatus}, updated_at = ${atText}::timestamptz
          WHERE id = ${paymentId}),
        logged AS (
          INSERT INTO payment_events (payment_id, from_status, to_status, source, detail, created_at)
          VALUES (${paymentId}, ${payment.status}, ${status}, ${source}, ${detail}, ${atText}::timestamptz)),
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
        RETURNING n.id, n.vote_count, n.tally_seq`),
      );
      await options.inTransaction?.(tx, {
        before: {
          status: payment.status,
          refundedAmount: payment.refunded_amount,
          disputeStatus: payment.dispute_status,
          countedVotes: votes.reduce((sum, v) => sum + v.counted, 0),
        },
        after: { status, refundedAmount: refunded, disputeStatus, countedVotes: kept },
      });
      return {
        result: {
          changed: true,
          status,
          amount: payment.amount,
          currency: payment.currency,
          refundedAmount: refunded,
          countedVotes: kept,
        },
        tallies,
        settled: {
          paymentId,
          status,
          provider: payment.provider,
          amount: payment.amount,
          currency: payment.currency,
          votes: kept,
        },
        queued: messages.length,
      };
    }),
  );
  if ('queued' in outcome && outcome.queued) deps.outbox?.written();
  if (outcome.result.changed) {
    emitSettled(
      deps,
      outcome.settled ? [outcome.settled] : [],
      outcome.tallies.map((t) => ({ id: t.id, voteCount: t.vote_count, seq: Number(t.tally_seq) })),
    );
  }
  return outcome.result;
}

function unchanged(payment: LockedPayment | undefined | null): RevisionResult {
  if (!payment) {
    return {
      changed: false,
      status: null,
      amount: 0,
      currency: '',
      refundedAmount: 0,
      countedVotes: 0,
    };
  }
  const countedVotes = CREDITED.has(payment.status)
    ? keptVotes(
        {
          amount: payment.amount,
          totalVotes: payment.total_votes,
          refundedAmount: payment.refunded_amount,
        },
        disputeStanding(payment.dispute_status),
      )
    : 0;
  return {
    changed: false,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    refundedAmount: payment.refunded_amount,
    countedVotes,
  };
}
