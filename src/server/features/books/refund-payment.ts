import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { payments } from '#server/db/schema.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { providerHttpError } from '#server/features/checkout/provider-http-error.js';
import { conflict, HttpError, notFound, unprocessable } from '#server/http/http-error.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import {
  PaymentRefused,
  paymentRecordColumns,
  ProviderUnavailable,
  revisePayment,
} from '#server/payments/index.js';
import { parseAmountMismatch, receivedMoney } from '#shared/amount-mismatch.js';
import { isHeldForReview } from '#shared/held-for-review.js';
import type { RefundOrder, RefundResponse } from '#shared/schemas/payment.js';
import {
  actorOfOrder,
  closeRefundOrder,
  dueRefundOrders,
  insertRefundOrder,
  openRefundOrder,
  recordRefundAttempt,
  type RefundOrderRow,
} from './refund-order-store.js';

const NOT_REFUNDABLE = 'Only a completed payment or one waiting for review can be refunded';
const REVIEW_IN_FULL =
  'A payment waiting for review is refunded in full: leave the amount out, all the money received goes back';
const DISPUTED = 'This payment is disputed: the card network decides where its money goes';
const ALREADY_REFUNDED = 'This payment has already been refunded in full';
const REFUND_UNDER_WAY = 'A refund of this payment is already under way. Try again in a minute.';
const NO_PROVIDER =
  'The provider of this payment is not configured here: record the refund as made outside Palmarès';

const REFUND_KEPT = {
  en: 'The payment service did not confirm the refund. Palmarès keeps it and tries again on its own until the service answers: do not refund this payment again.',
  fr: "Le service de paiement n'a pas confirmé le remboursement. Palmarès le garde et réessaie seul jusqu'à ce que le service réponde : ne remboursez pas ce paiement une nouvelle fois.",
};
const refundWaiting = (order: RefundOrderRow, currency: string) =>
  `A refund of ${order.amount} ${currency} of this payment is waiting for the payment service's answer, and Palmarès tries it again on its own. Another refund can be made once it is recorded.`;

type RefundCtx = Pick<AppContext, 'db' | 'database' | 'events' | 'outbox' | 'providers'>;
type RefundablePayment = NonNullable<Awaited<ReturnType<typeof readRefundable>>>;

/**
 * An admin's refund of a completed payment, or of one held in review (all the money the provider
 * reported goes back, and the whole order ends `refunded`; docs/decisions/0052): checked against
 * what is left to refund, made at the provider (Stripe's Refunds API, Campay's withdrawal to the
 * voter's number, or nothing for money returned outside Palmarès), then revisePayment() revokes
 * the votes the money paid for and the audit row is written in that same transaction.
 *
 * A refund through the provider is written down as an order before the provider is asked. When
 * the provider's answer never comes, the order stays open and retryOpenRefundOrders() carries it
 * out later: money that went out is recorded without the admin trying again (ADR 0074). The
 * admin asking again for the same refund carries out the same order; anything else waits for it.
 *
 * One refund of a payment at a time (an advisory lock, not the payment's row lock: settlements of
 * the payment are never held up by the provider call). Money already refunded, in full or by a
 * refund that got there first, is a 409.
 */
export async function refundPayment(
  ctx: RefundCtx,
  paymentId: string,
  order: RefundOrder,
  actor: AuditActor,
): Promise<RefundResponse> {
  return withRefundLock(ctx, paymentId, async () => {
    const payment = await readRefundable(ctx, paymentId);
    if (!payment) throw notFound('Payment not found');
    const plan = refundPlan(payment, order.amount);
    const method = order.method ?? 'provider';
    const open = await openRefundOrder(ctx.db, paymentId);
    if (open) {
      if (method !== 'provider' || plan.amount !== open.amount) {
        throw conflict(refundWaiting(open, payment.currency));
      }
      return carryOut(ctx, payment, plan, open, true);
    }
    if (method === 'outside') return recordRefund(ctx, payment, plan, order.reason, actor);
    if (!ctx.providers.forPayment(payment)) throw unprocessable(NO_PROVIDER);
    const written = await insertRefundOrder(
      ctx.db,
      {
        paymentId,
        refundedTotal: plan.refundedTotal,
        amount: plan.amount,
        reason: order.reason,
      },
      actor,
    );
    return carryOut(ctx, payment, plan, written, false);
  });
}

/**
 * Carries out refunds the provider never answered about, as their admins ordered them. An order
 * whose money the provider's own report has recorded meanwhile is closed; one the payment no
 * longer allows (disputed since, refunded another way) is closed as refused, with why.
 */
export async function retryOpenRefundOrders(
  ctx: RefundCtx & Pick<AppContext, 'config' | 'log'>,
  limit = 50,
): Promise<{ done: number; open: number }> {
  const minSeconds = ctx.config.paymentPollIntervalMs / 1000;
  const due = await dueRefundOrders(ctx.db, minSeconds, limit);
  let done = 0;
  for (const order of due) {
    try {
      const locked = await ctx.database.locks.run([ADVISORY_LOCKS.refund, order.paymentId], () =>
        retryRefundOrder(ctx, order),
      );
      if (locked.held) done++;
    } catch (error) {
      // Left open: the attempt is recorded when the provider failed, and the next run tries again.
      ctx.log.warn({ err: error, paymentId: order.paymentId }, 'refund order: attempt failed');
    }
  }
  return { done, open: due.length - done };
}

async function retryRefundOrder(ctx: RefundCtx, order: RefundOrderRow): Promise<void> {
  const payment = await readRefundable(ctx, order.paymentId);
  if (payment && payment.refundedAmount >= order.refundedTotal) {
    await closeRefundOrder(ctx.db, order.id, 'done', "recorded from the provider's own report");
    return;
  }
  let plan: RefundPlan;
  try {
    if (!payment) throw notFound('Payment not found');
    if (payment.refundedAmount + order.amount !== order.refundedTotal) {
      throw conflict("this payment's refunds changed since the order");
    }
    plan = refundPlan(payment, order.amount);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await closeRefundOrder(ctx.db, order.id, 'refused', error.message);
    return;
  }
  try {
    await carryOut(ctx, payment, plan, order, true);
  } catch (error) {
    // Recorded by the provider's own report just before: the order is done.
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
  }
}

interface RefundPlan {
  amount: number;
  refundedTotal: number;
  inReview: boolean;
  returned: { amount: number; currency: string };
}

/** What a refund of `requested` (the rest when absent) would be, or why it cannot be made. */
function refundPlan(payment: RefundablePayment, requested: number | undefined): RefundPlan {
  if (payment.status === 'disputed') throw conflict(DISPUTED);
  // A payment held back by an organiser took its money as asked: it is refunded as the completed
  // payment it was, in full or in part, and stays held until the money is all back.
  const held = isHeldForReview(payment);
  const inReview = payment.status === 'needs_review' && !held;
  if (payment.status !== 'completed' && payment.status !== 'refunded' && !inReview && !held) {
    throw unprocessable(NOT_REFUNDABLE);
  }
  const left = payment.amount - payment.refundedAmount;
  if (inReview && requested !== undefined && requested !== left) {
    throw unprocessable(REVIEW_IN_FULL);
  }
  if (left <= 0) throw conflict(ALREADY_REFUNDED);
  const amount = requested ?? left;
  if (amount > left) {
    throw conflict(`Only ${left} ${payment.currency} of this payment is left to refund`);
  }
  return {
    amount,
    refundedTotal: payment.refundedAmount + amount,
    inReview,
    // In review, the provider gives back what it reported taking, which may differ from the order.
    returned: inReview
      ? receivedMoney(payment, parseAmountMismatch(payment.failureReason))
      : { amount, currency: payment.currency },
  };
}

/** Asks the provider for the order's money, then records it; the order stays open if unanswered. */
async function carryOut(
  ctx: RefundCtx,
  payment: RefundablePayment,
  plan: RefundPlan,
  order: RefundOrderRow,
  retry: boolean,
): Promise<RefundResponse> {
  const provider = ctx.providers.forPayment(payment);
  if (!provider) throw unprocessable(NO_PROVIDER);
  try {
    await provider.refund(payment, {
      amount: plan.returned.amount,
      refundedBefore: payment.refundedAmount,
      refundedTotal: plan.refundedTotal,
      reason: order.reason,
      retry,
    });
  } catch (error) {
    if (error instanceof PaymentRefused) {
      await closeRefundOrder(ctx.db, order.id, 'refused', error.message);
      throw providerHttpError(error, payment.id);
    }
    await recordRefundAttempt(
      ctx.db,
      order.id,
      error instanceof Error ? error.message : String(error),
    );
    if (error instanceof ProviderUnavailable) {
      throw new HttpError(502, REFUND_KEPT, { code: error.code });
    }
    throw error;
  }
  return recordRefund(ctx, payment, plan, order.reason, actorOfOrder(order), order.id);
}

/** Revokes what the refunded money paid for, with the audit row and the order's close. */
async function recordRefund(
  ctx: RefundCtx,
  payment: RefundablePayment,
  plan: RefundPlan,
  reason: string,
  actor: AuditActor,
  orderId?: string,
): Promise<RefundResponse> {
  const method = orderId ? 'provider' : 'outside';
  const { amount, returned, inReview } = plan;
  const revised = await revisePayment(
    ctx,
    payment.id,
    { kind: 'refund', refundedAmount: plan.refundedTotal },
    'admin',
    {
      detail: `${method === 'outside' ? 'returned outside Palmarès' : 'refunded'}${inReview ? ` ${returned.amount} ${returned.currency} received` : ''}: ${reason}`,
      fromReview: inReview,
      inTransaction: async (tx, change) => {
        await recordAudit(tx, actor, {
          action: 'payment.refund',
          entityType: 'payment',
          entityId: payment.id,
          before: change.before,
          after: { ...change.after, method, amount, returned },
          reason,
        });
        if (orderId) await closeRefundOrder(tx, orderId, 'done');
      },
    },
  );
  if (!revised.changed) {
    // The provider's own report (a webhook) reached the same total first.
    if (orderId)
      await closeRefundOrder(ctx.db, orderId, 'done', "recorded from the provider's own report");
    throw conflict(ALREADY_REFUNDED);
  }
  return {
    paymentId: payment.id,
    status: revised.status!,
    amount: revised.amount,
    currency: revised.currency,
    refundedAmount: revised.refundedAmount,
    countedVotes: revised.countedVotes,
  };
}

async function readRefundable(ctx: Pick<AppContext, 'db'>, paymentId: string) {
  const [payment] = await ctx.db
    .select({
      ...paymentRecordColumns,
      status: payments.status,
      refundedAmount: payments.refundedAmount,
      failureReason: payments.failureReason,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return payment;
}

/** Carries out open refund orders, every RECONCILE_INTERVAL_SECONDS (0: never). */
export function refundOrdersJob(ctx: RefundCtx & Pick<AppContext, 'config' | 'log'>): PeriodicJob {
  return {
    name: 'refund-orders',
    intervalSeconds: ctx.config.reconcileIntervalSeconds,
    run: async () => {
      await retryOpenRefundOrders(ctx);
    },
  };
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
