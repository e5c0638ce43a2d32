import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { payments } from '#server/db/schema.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { providerHttpError } from '#server/features/checkout/provider-http-error.js';
import { conflict, notFound, unprocessable } from '#server/http/http-error.js';
import { paymentRecordColumns, revisePayment } from '#server/payments/index.js';
import { parseAmountMismatch, receivedMoney } from '#shared/amount-mismatch.js';
import { isHeldForReview } from '#shared/held-for-review.js';
import type { RefundOrder, RefundResponse } from '#shared/schemas/payment.js';

const NOT_REFUNDABLE = 'Only a completed payment or one waiting for review can be refunded';
const REVIEW_IN_FULL =
  'A payment waiting for review is refunded in full: leave the amount out, all the money received goes back';
const DISPUTED = 'This payment is disputed: the card network decides where its money goes';
const ALREADY_REFUNDED = 'This payment has already been refunded in full';
const REFUND_UNDER_WAY = 'A refund of this payment is already under way. Try again in a minute.';
const NO_PROVIDER =
  'The provider of this payment is not configured here: record the refund as made outside Palmarès';

/**
 * An admin's refund of a completed payment, or of one held in review (all the money the provider
 * reported goes back, and the whole order ends `refunded`; docs/decisions/0052): checked against
 * what is left to refund, made at the provider (Stripe's Refunds API, Campay's withdrawal to the
 * voter's number, or nothing for the sandbox and for money returned outside Palmarès), then
 * revisePayment() revokes the votes the money paid for and the audit row is written in that same
 * transaction.
 *
 * One refund of a payment at a time (an advisory lock, not the payment's row lock: settlements of
 * the payment are never held up by the provider call). Money already refunded, in full or by a
 * refund that got there first, is a 409.
 */
export async function refundPayment(
  ctx: Pick<AppContext, 'db' | 'database' | 'events' | 'outbox' | 'providers'>,
  paymentId: string,
  order: RefundOrder,
  actor: AuditActor,
): Promise<RefundResponse> {
  return withRefundLock(ctx, paymentId, async () => {
    const [payment] = await ctx.db
      .select({
        ...paymentRecordColumns,
        status: payments.status,
        refundedAmount: payments.refundedAmount,
        failureReason: payments.failureReason,
      })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment) throw notFound('Payment not found');
    if (payment.status === 'disputed') throw conflict(DISPUTED);
    // A payment held back by an organiser took its money as asked: it is refunded as the completed
    // payment it was, in full or in part, and stays held until the money is all back.
    const held = isHeldForReview(payment);
    const inReview = payment.status === 'needs_review' && !held;
    if (payment.status !== 'completed' && payment.status !== 'refunded' && !inReview && !held) {
      throw unprocessable(NOT_REFUNDABLE);
    }
    if (inReview && order.amount !== undefined) throw unprocessable(REVIEW_IN_FULL);
    const left = payment.amount - payment.refundedAmount;
    if (left <= 0) throw conflict(ALREADY_REFUNDED);
    const amount = order.amount ?? left;
    if (amount > left) {
      throw conflict(`Only ${left} ${payment.currency} of this payment is left to refund`);
    }
    const refundedTotal = payment.refundedAmount + amount;
    // In review, the provider gives back what it reported taking, which may differ from the order.
    const returned = inReview
      ? receivedMoney(payment, parseAmountMismatch(payment.failureReason))
      : { amount, currency: payment.currency };
    const method = order.method ?? 'provider';
    if (method === 'provider') {
      const provider = ctx.providers.forPayment(payment);
      if (!provider) throw unprocessable(NO_PROVIDER);
      try {
        await provider.refund(payment, {
          amount: returned.amount,
          refundedBefore: payment.refundedAmount,
          refundedTotal,
          reason: order.reason,
        });
      } catch (error) {
        throw providerHttpError(error, paymentId);
      }
    }
    const revised = await revisePayment(
      ctx,
      paymentId,
      { kind: 'refund', refundedAmount: refundedTotal },
      'admin',
      {
        detail: `${method === 'outside' ? 'returned outside Palmarès' : 'refunded'}${inReview ? ` ${returned.amount} ${returned.currency} received` : ''}: ${order.reason}`,
        fromReview: inReview,
        inTransaction: (tx, change) =>
          recordAudit(tx, actor, {
            action: 'payment.refund',
            entityType: 'payment',
            entityId: paymentId,
            before: change.before,
            after: { ...change.after, method, amount, returned },
            reason: order.reason,
          }),
      },
    );
    // The provider's own report (a webhook) reached the same total first.
    if (!revised.changed) throw conflict(ALREADY_REFUNDED);
    return {
      paymentId,
      status: revised.status!,
      amount: revised.amount,
      currency: revised.currency,
      refundedAmount: revised.refundedAmount,
      countedVotes: revised.countedVotes,
    };
  });
}

async function withRefundLock<T>(
  ctx: Pick<AppContext, 'database'>,
  paymentId: string,
  run: () => Promise<T>,
): Promise<T> {
  const locked = await ctx.database.locks.run([ADVISORY_LOCKS.refund, paymentId], run);
  if (!locked.held) throw conflict(REFUND_UNDER_WAY);
  return locked.value;
}
