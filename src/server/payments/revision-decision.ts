import type { Language } from '#shared/limits.js';
import { CREDITED_STATUSES, type PaymentStatus } from '#shared/schemas/payment.js';
import { describeHold, isHeldForReview } from '#shared/held-for-review.js';
import { disputeStanding, isDisputeFinal, keptVotes, splitKept } from './counted-votes.js';
import type { SettleSource } from './settlement-decision.js';
import { EXPIRED_REASON } from './unconfirmed-outcome.js';

/*
 * What a refund or a dispute decides, apart from the database: whether the payment's money and
 * votes move, to what, and which vote rows change. Pure, so every state and report is tested
 * without a database (revision-decision.test.ts); revise-payment.ts locks, writes and announces.
 */

/**
 * What the provider (or an admin) says happened to a payment's money after it was paid. Both are
 * absolute, never "one more refund": the provider's running total of refunds and the dispute's
 * current state. Deliveries that repeat or arrive out of order then cannot count twice.
 *
 * `hold` and `release` are an organiser's: a completed payment held for review leaves the tallies
 * (its money and receipt stay), and released it counts again what its money still pays for. Both
 * are states, not steps, so a repeat changes nothing.
 */
export type PaymentRevision =
  | { kind: 'refund'; refundedAmount: number }
  | { kind: 'dispute'; disputeId: string; status: string }
  | { kind: 'hold'; reason: string }
  | { kind: 'release' };

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

export interface LockedPayment {
  id: string;
  edition_id: number;
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

export interface LockedVote {
  id: string;
  nomination_id: string;
  vote_count: number;
  counted: number;
}

/** Payments whose votes were credited: the only ones a refund or dispute takes votes from. */
export const CREDITED = new Set<PaymentStatus>(CREDITED_STATUSES);

/** A payment's money and votes after a revision that changes it. */
export interface Revised {
  status: Extract<PaymentStatus, 'completed' | 'refunded' | 'disputed' | 'needs_review'>;
  refundedAmount: number;
  disputeId: string | null;
  disputeStatus: string | null;
  /** The payment's votes still counted. */
  countedVotes: number;
  /** The failure reason written with the change; left out, the stored one stays. */
  failureReason?: string | null;
}

/**
 * A payment whose success has not reached us (still pending, or expired by us): a refund or
 * dispute of it waits until the success does.
 */
export function waitsForSuccess(payment: { status: string; failureReason: string | null }) {
  return (
    payment.status === 'pending' ||
    (payment.status === 'failed' && payment.failureReason === EXPIRED_REASON)
  );
}

/**
 * Merges a report into what is stored: refunds only grow and never pass the amount, a closed
 * dispute stays closed. Deferred while the payment's success is not recorded yet (pending, or
 * expired by us); unchanged for a payment whose votes were never credited (except an admin's
 * refund of a whole order in review), or when nothing moves.
 */
export function decideRevision(
  payment: LockedPayment,
  revision: PaymentRevision,
  fromReview = false,
): Revised | 'deferred' | null {
  if (waitsForSuccess({ status: payment.status, failureReason: payment.failure_reason })) {
    return 'deferred';
  }
  const held = isHeldForReview({ status: payment.status, failureReason: payment.failure_reason });
  if (revision.kind === 'hold') return decideHold(payment, revision.reason);
  // Released, it leaves review: the hold's reason goes with it, as a completion writes none.
  if (revision.kind === 'release')
    return held ? { ...standingOf(payment, payment), failureReason: null } : null;
  const endsReview =
    fromReview &&
    payment.status === 'needs_review' &&
    revision.kind === 'refund' &&
    revision.refundedAmount >= payment.amount;
  if (!CREDITED.has(payment.status) && !held && !endsReview) return null;

  const refunded =
    revision.kind === 'refund'
      ? Math.min(payment.amount, Math.max(payment.refunded_amount, revision.refundedAmount))
      : payment.refunded_amount;
  const keepStoredDispute =
    revision.kind !== 'dispute' ||
    (isDisputeFinal(payment.dispute_status) && !isDisputeFinal(revision.status));
  const disputeId = keepStoredDispute ? payment.dispute_id : revision.disputeId;
  const disputeStatus = keepStoredDispute ? payment.dispute_status : revision.status;
  if (refunded === payment.refunded_amount && disputeStatus === payment.dispute_status) return null;
  const revised = standingOf(payment, {
    refunded_amount: refunded,
    dispute_id: disputeId,
    dispute_status: disputeStatus,
  });
  if (!held || endsReview) return revised;
  // The provider's report about a held payment is recorded, its votes stay out until the
  // organiser decides; money returned in full leaves nothing to decide.
  if (revised.status === 'refunded' && refunded >= payment.amount) return revised;
  return { ...revised, status: 'needs_review', countedVotes: 0 };
}

/**
 * A hold takes a completed payment's votes out of the tallies; anything else is left alone: a
 * payment refunded (in part) or disputed is already being decided by its money.
 */
function decideHold(payment: LockedPayment, reason: string): Revised | null {
  if (payment.status !== 'completed') return null;
  return {
    status: 'needs_review',
    refundedAmount: payment.refunded_amount,
    disputeId: payment.dispute_id,
    disputeStatus: payment.dispute_status,
    countedVotes: 0,
    failureReason: describeHold(reason),
  };
}

/** Where a credited payment stands with this money: its status and the votes that money keeps. */
function standingOf(
  payment: LockedPayment,
  money: Pick<LockedPayment, 'refunded_amount' | 'dispute_id' | 'dispute_status'>,
): Revised {
  const refunded = money.refunded_amount;
  const standing = disputeStanding(money.dispute_status);
  const countedVotes = keptVotes(
    { amount: payment.amount, totalVotes: payment.total_votes, refundedAmount: refunded },
    standing,
  );
  const status: Revised['status'] =
    standing === 'open' || standing === 'lost'
      ? 'disputed'
      : refunded > 0
        ? 'refunded'
        : 'completed';
  return {
    status,
    refundedAmount: refunded,
    disputeId: money.dispute_id,
    disputeStatus: money.dispute_status,
    countedVotes,
  };
}

/** A vote row whose counted share changes: `delta` is what its nomination's tally gains. */
export interface VoteMove {
  id: string;
  nomination_id: string;
  counted: number;
  delta: number;
}

/**
 * Which vote rows change so that `kept` votes stay counted, shared as refunds share them
 * (splitKept). A payment names each nomination once (checkout refuses repeats), so nominations
 * key the split.
 */
export function voteMoves(votes: readonly LockedVote[], kept: number): VoteMove[] {
  const split = splitKept(
    votes.map((v) => ({ nominationId: v.nomination_id, voteCount: v.vote_count })),
    kept,
  );
  return votes
    .map((v) => {
      const counted = split.get(v.nomination_id) ?? 0;
      return { id: v.id, nomination_id: v.nomination_id, counted, delta: counted - v.counted };
    })
    .filter((m) => m.delta !== 0);
}

/** The status history's words for a revision, with an admin's reason after them. */
export function revisionDetail(
  payment: Pick<LockedPayment, 'amount' | 'currency'>,
  revision: PaymentRevision,
  revised: Revised,
  reason?: string,
): string {
  return [revisionWords(payment, revision, revised), reason]
    .filter(Boolean)
    .join(': ')
    .slice(0, 500);
}

function revisionWords(
  payment: Pick<LockedPayment, 'amount' | 'currency'>,
  revision: PaymentRevision,
  revised: Revised,
): string {
  switch (revision.kind) {
    case 'refund':
      return `refunded ${revised.refundedAmount} of ${payment.amount} ${payment.currency}`;
    case 'dispute':
      return `dispute ${revised.disputeId ?? ''} ${revised.disputeStatus ?? ''}`.trim();
    case 'hold':
      return 'held for review';
    case 'release':
      return `released from review: ${revised.countedVotes} votes count`;
  }
}

/** What a revision that changed nothing answers: the payment as it stands. */
export function unchanged(payment: LockedPayment | undefined | null): RevisionResult {
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
