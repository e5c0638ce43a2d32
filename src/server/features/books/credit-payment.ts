import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { payments } from '#server/db/schema.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { conflict, notFound, unprocessable } from '#server/http/http-error.js';
import { creditedShare, parseAmountMismatch } from '#shared/amount-mismatch.js';
import { revisePayment, settlePayment } from '#server/payments/index.js';
import type { CreditOrder, CreditResponse } from '#shared/schemas/payment.js';
import { isHeldForReview } from '#shared/held-for-review.js';

const NOT_IN_REVIEW = 'Only a payment waiting for review can be credited';
const UNDER_WAY = 'Another action on this payment is under way. Try again in a minute.';

/**
 * An admin's decision on a payment held in `needs_review`: the votes the money received pays
 * for count (all of them, or the fewer whole votes short money covers, at the order's own price;
 * docs/decisions/0052). It goes through settlePayment() like any completion (receipt code, tallies,
 * history), with the audit row in the same transaction. Money in another currency, or short of
 * one vote, is not credited: the admin refunds it instead.
 *
 * It takes the per-payment lock refunds take, so a credit and a refund never overlap.
 */
export async function creditPayment(
  ctx: Pick<AppContext, 'db' | 'database' | 'events' | 'outbox'>,
  paymentId: string,
  order: CreditOrder,
  actor: AuditActor,
): Promise<CreditResponse> {
  const locked = await ctx.database.locks.run([ADVISORY_LOCKS.refund, paymentId], async () => {
    const [payment] = await ctx.db
      .select({
        status: payments.status,
        amount: payments.amount,
        currency: payments.currency,
        totalVotes: payments.totalVotes,
        failureReason: payments.failureReason,
      })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment) throw notFound('Payment not found');
    if (payment.status !== 'needs_review') throw unprocessable(NOT_IN_REVIEW);
    if (isHeldForReview(payment)) return releaseHeldPayment(ctx, paymentId, order, actor);
    const report = parseAmountMismatch(payment.failureReason);
    const share = creditedShare(payment, report);
    if (!share) {
      throw conflict(
        `The provider reported ${report?.reported.amount} ${report?.reported.currency} for an order of ${payment.amount} ${payment.currency}: that does not pay for one vote. Refund it instead.`,
      );
    }
    const result = await settlePayment(
      ctx,
      {
        paymentId,
        outcome: { status: 'completed', amount: share.amount, currency: payment.currency },
        source: 'admin',
        creditReview: true,
      },
      {
        inTransaction: (tx) =>
          recordAudit(tx, actor, {
            action: 'payment.credit',
            entityType: 'payment',
            entityId: paymentId,
            before: {
              status: payment.status,
              amount: payment.amount,
              totalVotes: payment.totalVotes,
              countedVotes: 0,
            },
            after: {
              status: 'completed',
              amount: share.amount,
              totalVotes: share.votes,
              countedVotes: share.votes,
              ...(report ? { received: report.reported } : {}),
            },
            reason: order.reason,
          }),
      },
    );
    if (!result.changed || !result.receiptCode) throw unprocessable(NOT_IN_REVIEW);
    return {
      paymentId,
      status: 'completed' as const,
      receiptCode: result.receiptCode,
      countedVotes: share.votes,
    };
  });
  if (!locked.held) throw conflict(UNDER_WAY);
  return locked.value;
}

/**
 * A payment an organiser held back (its money was received as asked) counts again: not a new
 * completion, which would give it a second receipt and count its revenue twice, but a release
 * through revisePayment(), which puts back the votes its money still pays for (less any refund or
 * dispute the provider reported while it was held) under the receipt it already had.
 */
async function releaseHeldPayment(
  ctx: Pick<AppContext, 'db' | 'events' | 'outbox'>,
  paymentId: string,
  order: CreditOrder,
  actor: AuditActor,
): Promise<CreditResponse> {
  const result = await revisePayment(ctx, paymentId, { kind: 'release' }, 'admin', {
    detail: order.reason,
    inTransaction: (tx, change) =>
      recordAudit(tx, actor, {
        action: 'payment.credit',
        entityType: 'payment',
        entityId: paymentId,
        before: change.before,
        after: change.after,
        reason: order.reason,
      }),
  });
  const { status } = result;
  if (
    !result.changed ||
    (status !== 'completed' && status !== 'refunded' && status !== 'disputed')
  ) {
    throw unprocessable(NOT_IN_REVIEW);
  }
  const [{ receiptCode } = { receiptCode: null }] = await ctx.db
    .select({ receiptCode: payments.receiptCode })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!receiptCode) throw unprocessable(NOT_IN_REVIEW);
  return {
    paymentId,
    status,
    receiptCode,
    countedVotes: result.countedVotes,
  };
}
