import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { paymentFlags, payments } from '#server/db/schema.js';
import { recordAudit, type AuditActor } from '#server/features/audit/record-audit.js';
import { conflict, notFound, unprocessable } from '#server/http/http-error.js';
import { revisePayment } from '#server/payments/index.js';
import { isHeldForReview } from '#shared/held-for-review.js';
import type {
  ClearFlagsOrder,
  ClearFlagsResponse,
  HoldOrder,
  HoldResponse,
} from '#shared/schemas/payment-flags.js';

const NOT_FOUND = { en: 'Payment not found', fr: 'Paiement introuvable' };
const NOT_HOLDABLE = {
  en: 'Only a completed payment can be held for review: a refunded or disputed one is already being decided by its money',
  fr: 'Seul un paiement réussi peut être retenu pour vérification : un paiement remboursé ou contesté est déjà tranché par son argent',
};
const ALREADY_HELD = {
  en: 'This payment is already held for review',
  fr: 'Ce paiement est déjà retenu pour vérification',
};
const CHANGED_MEANWHILE = {
  en: 'This payment changed meanwhile (a refund or a dispute): look at it again',
  fr: 'Ce paiement a changé entre-temps (remboursement ou contestation) : regardez-le à nouveau',
};
const UNDER_WAY = {
  en: 'Another action on this payment is under way. Try again in a minute.',
  fr: 'Une autre action sur ce paiement est en cours. Réessayez dans une minute.',
};
const NOTHING_TO_CLEAR = {
  en: 'This payment has no open flag to clear',
  fr: 'Ce paiement n’a aucun signalement ouvert à lever',
};

/**
 * An organiser holds a completed payment back for review: revisePayment() moves it to
 * `needs_review` and takes its votes out of the tallies (and out of published results, as a dated
 * correction), with the audit row in that transaction. Its money and receipt stay: the organiser
 * then credits it again (its votes count as before) or refunds it, the two ways out of review.
 *
 * It takes the per-payment lock refunds and credits take, so the three never overlap; the
 * payment's row lock inside revisePayment() makes a second hold, or a provider's refund landing
 * meanwhile, change the payment at most once.
 */
export async function holdPayment(
  ctx: Pick<AppContext, 'db' | 'database' | 'events' | 'outbox'>,
  paymentId: string,
  order: HoldOrder,
  actor: AuditActor,
): Promise<HoldResponse> {
  const locked = await ctx.database.locks.run([ADVISORY_LOCKS.refund, paymentId], async () => {
    const [payment] = await ctx.db
      .select({ status: payments.status, failureReason: payments.failureReason })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment) throw notFound(NOT_FOUND);
    if (isHeldForReview(payment)) throw conflict(ALREADY_HELD);
    if (payment.status !== 'completed') throw unprocessable(NOT_HOLDABLE);
    const revised = await revisePayment(
      ctx,
      paymentId,
      { kind: 'hold', reason: order.reason },
      'admin',
      {
        detail: order.reason,
        inTransaction: (tx, change) =>
          recordAudit(tx, actor, {
            action: 'payment.hold',
            entityType: 'payment',
            entityId: paymentId,
            before: change.before,
            after: change.after,
            reason: order.reason,
          }),
      },
    );
    // Between the read and the row lock, a provider's refund or dispute (or another instance's
    // hold, were the advisory lock ever skipped) got there first.
    if (!revised.changed) throw conflict(CHANGED_MEANWHILE);
    return { paymentId, status: revised.status!, countedVotes: revised.countedVotes };
  });
  if (!locked.held) throw conflict(UNDER_WAY);
  return locked.value;
}

/**
 * An organiser finds nothing wrong with a flagged payment: its open flags are marked cleared (who
 * and when, with an audit row in the same transaction) and the payment is left as it is. A
 * cleared flag is never raised again.
 */
export async function clearPaymentFlags(
  ctx: Pick<AppContext, 'db'>,
  paymentId: string,
  order: ClearFlagsOrder,
  actor: AuditActor,
): Promise<ClearFlagsResponse> {
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment) throw notFound(NOT_FOUND);
    const cleared = await tx
      .update(paymentFlags)
      .set({ clearedAt: new Date(), clearedBy: actor.email })
      .where(and(eq(paymentFlags.paymentId, paymentId), isNull(paymentFlags.clearedAt)))
      .returning({ kind: paymentFlags.kind, measured: paymentFlags.measured });
    if (!cleared.length) throw conflict(NOTHING_TO_CLEAR);
    await recordAudit(tx, actor, {
      action: 'payment.clear-flags',
      entityType: 'payment',
      entityId: paymentId,
      before: { flags: cleared },
      after: { flags: [] },
      reason: order.reason ?? null,
    });
    return { paymentId, cleared: cleared.length };
  });
}
