import type { Language } from '#shared/limits.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import { describeAmountMismatch } from '#shared/amount-mismatch.js';
import type { CompletedPayment } from './payment-messages.js';
import { COLLECT_UNMATCHED, isUnconfirmed } from './unconfirmed-outcome.js';

/*
 * What a settlement decides, apart from the database: for each report, whether and where its
 * payment moves, read from the row locked for it. Pure, so every state and report is tested
 * without a database (settlement-decision.test.ts); settle.ts locks, writes and announces.
 */

/**
 * What a provider (or our own expiry rule) says happened to a payment. `needs_review`: we cannot
 * tell whether the voter paid (a collect without a reference that the provider's history does
 * not settle), so an admin decides.
 */
export type SettleOutcome =
  | {
      status: 'completed';
      amount: number;
      currency: string;
      providerRef?: string;
      /** What the provider kept, in minor units, when it said so. */
      providerFee?: number;
    }
  | { status: 'failed'; reason: string; providerRef?: string }
  | { status: 'needs_review'; reason: string; providerRef?: string };

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
  /**
   * A success for an amount other than the recorded one, held back because a card amount change
   * of that payment is under way (ADR 0047): ask again once it has landed.
   */
  deferred?: true;
  status: PaymentStatus | null;
  receiptCode: string | null;
}

export interface SettleRequest {
  paymentId: string;
  outcome: SettleOutcome;
  source: SettleSource;
  expectProvider?: string;
  creditReview?: boolean | undefined;
}

/** A payment read under FOR UPDATE at the start of a settlement (raw SQL: a row lock in id order). */
export interface LockedPaymentRow {
  id: string;
  edition_id: number;
  status: PaymentStatus;
  provider: string;
  amount: number;
  currency: string;
  total_votes: number;
  failure_reason: string | null;
  receipt_code: string | null;
  amount_changing: boolean;
  language: Language;
  phone_number: string | null;
  voter_email: string | null;
  /** Whether the payment's edition has published its results. */
  results_published: boolean;
}

export interface TransitionInput {
  status: PaymentStatus;
  amount: number;
  currency: string;
  totalVotes: number;
  failureReason: string | null;
  /** A card amount change holds the payment: the provider may already have the new amount. */
  amountChanging: boolean;
}

/**
 * Whether and where an outcome moves a payment: from `pending`, or from an outcome we guessed
 * (isUnconfirmed) to what the provider now says: a success completes it, a success among several
 * candidates puts an expired payment in review, a refusal fails one in review. Never to
 * `completed` for an amount or currency other than the stored one.
 */
export function decideTransition(
  payment: TransitionInput,
  outcome: SettleOutcome,
  creditReview = false,
): Transition | 'deferred' | null {
  const from = payment.status;
  if (creditReview) {
    if (
      from !== 'needs_review' ||
      outcome.status !== 'completed' ||
      outcome.currency.toUpperCase() !== payment.currency
    ) {
      return null;
    }
    if (outcome.amount === payment.amount) return { from, next: 'completed', failureReason: null };
    // Fewer votes than ordered: only a whole number of them, each at the order's own price.
    const votes = (outcome.amount * payment.totalVotes) / payment.amount;
    if (outcome.amount <= 0 || outcome.amount > payment.amount || !Number.isInteger(votes)) {
      return null;
    }
    return {
      from,
      next: 'completed',
      failureReason: null,
      cutTo: { amount: outcome.amount, votes },
    };
  }
  if (from !== 'pending') {
    if (!isUnconfirmed(from, payment.failureReason)) return null;
    // A failed payment stays failed on a refusal; one in review is not put there again for the
    // same doubt (but is for a sharper one: several candidates, another amount).
    if (outcome.status === 'failed' && from === 'failed') return null;
    if (
      outcome.status === 'needs_review' &&
      from === 'needs_review' &&
      outcome.reason.startsWith(`${COLLECT_UNMATCHED}:`)
    )
      return null;
  }
  if (outcome.status === 'failed' || outcome.status === 'needs_review') {
    return { from, next: outcome.status, failureReason: outcome.reason.slice(0, 500) };
  }
  if (outcome.amount !== payment.amount || outcome.currency.toUpperCase() !== payment.currency) {
    // Stripe may have taken the new amount of a change not yet recorded here: the payment waits
    // for the change to land (or its lease to lapse) rather than fail with the voter's money taken.
    if (from === 'pending' && payment.amountChanging) return 'deferred';
    // Never credit votes for money we did not receive as asked, nor fail a payment whose money
    // may have been taken: an admin looks at it (credit what the money covers, or refund).
    return {
      from,
      next: 'needs_review',
      failureReason: describeAmountMismatch({
        expected: { amount: payment.amount, currency: payment.currency },
        reported: { amount: outcome.amount, currency: outcome.currency },
      }),
    };
  }
  return { from, next: 'completed', failureReason: null };
}

export interface Transition {
  from: PaymentStatus;
  next: PaymentStatus;
  failureReason: string | null;
  /** A credit of fewer votes than ordered: the order becomes these votes at this price. */
  cutTo?: { amount: number; votes: number };
}

/** One payment's move, as the settling statement writes it (its recordset's columns). */
export interface SettlementChange {
  id: string;
  from_status: PaymentStatus;
  status: PaymentStatus;
  failure_reason: string | null;
  receipt_code: string | null;
  provider_ref: string | null;
  provider_fee: number | null;
  source: SettleSource;
}

/** An order in review credited for fewer votes than ordered: these votes at this price. */
export interface OrderCut {
  id: string;
  amount: number;
  votes: number;
}

export interface SettlementPlan {
  /** One per request, in the requests' order. */
  results: SettleResult[];
  changes: SettlementChange[];
  cuts: OrderCut[];
  /** The payments it completes, as their receipts describe them (after any cut). */
  completed: CompletedPayment[];
}

/**
 * Decides each request against its payment's locked row: unknown payments, another provider's
 * reports and outcomes that move nothing change nothing; a completion gets a new receipt code.
 */
export function planSettlement(
  requests: readonly SettleRequest[],
  locked: readonly LockedPaymentRow[],
  newReceiptCode: () => string,
): SettlementPlan {
  const byId = new Map(locked.map((p) => [p.id, p]));
  const changes: SettlementChange[] = [];
  const cuts: OrderCut[] = [];
  const completed: CompletedPayment[] = [];
  const results = requests.map((request): SettleResult => {
    const payment = byId.get(request.paymentId);
    if (!payment) return { changed: false, status: null, receiptCode: null };
    const { status } = payment;
    if (request.expectProvider && payment.provider !== request.expectProvider) {
      return { changed: false, status, receiptCode: null };
    }
    const decision = decideTransition(
      {
        ...payment,
        totalVotes: payment.total_votes,
        failureReason: payment.failure_reason,
        amountChanging: payment.amount_changing,
      },
      request.outcome,
      request.creditReview,
    );
    if (decision === 'deferred')
      return { changed: false, status, receiptCode: null, deferred: true };
    if (!decision) return { changed: false, status, receiptCode: payment.receipt_code };
    if (decision.cutTo) cuts.push({ id: payment.id, ...decision.cutTo });
    const receiptCode = decision.next === 'completed' ? newReceiptCode() : null;
    changes.push({
      id: payment.id,
      from_status: decision.from,
      status: decision.next,
      failure_reason: decision.failureReason,
      receipt_code: receiptCode,
      provider_ref: request.outcome.providerRef ?? null,
      provider_fee:
        request.outcome.status === 'completed' ? (request.outcome.providerFee ?? null) : null,
      source: request.source,
    });
    if (receiptCode) {
      completed.push({
        id: payment.id,
        language: payment.language,
        phoneNumber: payment.phone_number,
        voterEmail: payment.voter_email,
        receiptCode,
        amount: decision.cutTo?.amount ?? payment.amount,
        currency: payment.currency,
        totalVotes: decision.cutTo?.votes ?? payment.total_votes,
      });
    }
    return { changed: true, status: decision.next, receiptCode };
  });
  return { results, changes, cuts, completed };
}
