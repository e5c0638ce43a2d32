import type { AppContext } from '#server/app-context.js';
import type { Db } from '#server/db/client.js';
import type { AppEvents } from '#server/events/app-events.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import { SYSTEM_ACTOR } from '#server/features/audit/record-audit.js';
import { creditPayment } from '#server/features/books/credit-payment.js';
import { refundPayment } from '#server/features/books/refund-payment.js';
import { paymentVotes, payments } from '#server/db/schema.js';
import { revisePayment, type PaymentRevision } from '#server/payments/revise-payment.js';
import { settle, type SettleDeps, type SettleOutcome } from '#server/payments/settle.js';
import type { SettleSource } from '#server/payments/settlement-decision.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';
import { DEFAULT_PRICE_PER_VOTE, PROVIDER_CURRENCY, type Provider } from '#shared/money.js';

type NewPayment = typeof payments.$inferInsert;

export interface VoteLine {
  nominationId: string;
  voteCount: number;
}

/**
 * A pending payment with its vote lines, in the current edition at the default price unless told
 * otherwise, its amount computed from the votes as the server does.
 */
export async function createPendingPayment(
  db: Db,
  options: { provider?: Provider; votes: VoteLine[]; payment?: Partial<NewPayment> },
) {
  const provider = options.provider ?? 'campay';
  const currency = PROVIDER_CURRENCY[provider];
  const totalVotes = options.votes.reduce((sum, v) => sum + v.voteCount, 0);
  const [payment] = await db
    .insert(payments)
    .values({
      editionId: currentEditionId,
      provider,
      currency,
      unitPrice: options.payment?.unitPrice ?? DEFAULT_PRICE_PER_VOTE[currency],
      amount: totalVotes * (options.payment?.unitPrice ?? DEFAULT_PRICE_PER_VOTE[currency]),
      totalVotes,
      ...options.payment,
    })
    .returning();
  await db
    .insert(paymentVotes)
    .values(options.votes.map((v) => ({ ...v, paymentId: payment!.id })));
  return payment!;
}

/**
 * A payment that went through settle() to `completed`, so tallies are exactly as in production.
 * With the app's `events`, it is announced as a provider's report would be (live streams, caches).
 */
export async function createCompletedPayment(
  db: Db,
  options: {
    provider?: Provider;
    votes: VoteLine[];
    payment?: Partial<NewPayment>;
    at?: Date;
    events?: AppEvents;
    /** Where the receipt goes (the app's outbox); none is written without it. */
    outbox?: MessageOutbox;
  },
) {
  const payment = await createPendingPayment(db, options);
  const result = await settle(
    { db, events: options.events, outbox: options.outbox ?? null },
    payment.id,
    { status: 'completed', amount: payment.amount, currency: payment.currency },
    'seed',
    { at: options.at },
  );
  return { ...payment, status: 'completed' as const, receiptCode: result.receiptCode };
}

/** What a provider later reports about a payment, applied through settle() as in production. */
export async function settlePayment(db: Db, paymentId: string, outcome: SettleOutcome) {
  return settle({ db, outbox: null }, paymentId, outcome, 'seed');
}

/**
 * What a provider reports about a payment, settled with the app's own services (`app.ctx`) as its
 * callback route would: the receipt goes to the app's outbox and the change is announced.
 */
export async function settleAsReported(
  ctx: SettleDeps,
  paymentId: string,
  outcome: SettleOutcome,
  source: SettleSource,
) {
  return settle(ctx, paymentId, outcome, source);
}

/** A refund or dispute report applied through revisePayment(), as a provider's webhook would be. */
export async function revisePaymentAs(db: Db, paymentId: string, revision: PaymentRevision) {
  return revisePayment({ db, outbox: null }, paymentId, revision, 'webhook');
}

/**
 * A payment whose provider reported another amount than ours: settle() puts it in needs_review,
 * as in production, waiting for an admin.
 */
export async function createNeedsReviewPayment(
  db: Db,
  options: { provider?: Provider; votes: VoteLine[]; payment?: Partial<NewPayment>; at?: Date },
) {
  const payment = await createPendingPayment(db, options);
  await settle(
    { db, outbox: null },
    payment.id,
    { status: 'completed', amount: payment.amount + 1, currency: payment.currency },
    'seed',
    { at: options.at },
  );
  return payment;
}

/** An organiser credits a payment in review, as the admin route does (ADR 0052). */
export async function creditReviewedPayment(ctx: AppContext, paymentId: string) {
  return creditPayment(ctx, paymentId, { reason: 'Checked with the provider' }, SYSTEM_ACTOR);
}

/** An organiser refunds a payment in review in full, the money returned outside Palmarès. */
export async function refundReviewedPayment(ctx: AppContext, paymentId: string) {
  return refundPayment(
    ctx,
    paymentId,
    { reason: 'Money returned', method: 'outside' },
    SYSTEM_ACTOR,
  );
}
