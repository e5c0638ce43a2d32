import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { refundOrders } from '#server/db/schema.js';
import type { AuditActor } from '#server/features/audit/record-audit.js';
import type { RefundOrderState } from '#shared/schemas/payment.js';

const orderColumns = {
  id: refundOrders.id,
  paymentId: refundOrders.paymentId,
  refundedTotal: refundOrders.refundedTotal,
  amount: refundOrders.amount,
  reason: refundOrders.reason,
  actorId: refundOrders.actorId,
  actorEmail: refundOrders.actorEmail,
};

export interface RefundOrderRow {
  id: string;
  paymentId: string;
  refundedTotal: number;
  amount: number;
  reason: string;
  actorId: string | null;
  actorEmail: string | null;
}

/** The admin who ordered the refund, for its audit row. */
export const actorOfOrder = (order: RefundOrderRow): AuditActor => ({
  id: order.actorId,
  email: order.actorEmail,
});

/** The payment's refund still waiting for its provider, if any. */
export async function openRefundOrder(
  db: Db,
  paymentId: string,
): Promise<RefundOrderRow | undefined> {
  const [order] = await db
    .select(orderColumns)
    .from(refundOrders)
    .where(and(eq(refundOrders.paymentId, paymentId), eq(refundOrders.state, 'open')));
  return order;
}

/** Writes the order before the provider is asked, so its money is followed whatever happens next. */
export async function insertRefundOrder(
  db: Db,
  order: Omit<RefundOrderRow, 'id' | 'actorId' | 'actorEmail'>,
  actor: AuditActor,
): Promise<RefundOrderRow> {
  const [row] = await db
    .insert(refundOrders)
    .values({ ...order, actorId: actor.id, actorEmail: actor.email })
    .returning(orderColumns);
  return row!;
}

/** An attempt that did not finish the order: it stays open and is tried again later. */
export async function recordRefundAttempt(db: Db, orderId: string, error: string): Promise<void> {
  await db
    .update(refundOrders)
    .set({
      attempts: sql`${refundOrders.attempts} + 1`,
      attemptedAt: sql`now()`,
      lastError: error.slice(0, 1000),
    })
    .where(eq(refundOrders.id, orderId));
}

/** Ends an order: `done` when its money is recorded, `refused` when it will not be sent. */
export async function closeRefundOrder(
  db: Db,
  orderId: string,
  state: Exclude<RefundOrderState, 'open'>,
  why?: string,
): Promise<void> {
  await db
    .update(refundOrders)
    .set({
      state,
      closedAt: sql`now()`,
      ...(why === undefined ? {} : { lastError: why.slice(0, 1000) }),
    })
    .where(and(eq(refundOrders.id, orderId), eq(refundOrders.state, 'open')));
}

/**
 * Open orders due another attempt, oldest attempt first: each is tried again after a quarter of
 * its age (at least `minSeconds`), so a provider down for hours is asked a few times, not
 * hammered.
 */
export async function dueRefundOrders(
  db: Db,
  minSeconds: number,
  limit: number,
): Promise<RefundOrderRow[]> {
  return db
    .select(orderColumns)
    .from(refundOrders)
    .where(
      and(
        eq(refundOrders.state, 'open'),
        sql`(${refundOrders.attemptedAt} IS NULL OR ${refundOrders.attemptedAt} < now() -
          GREATEST(make_interval(secs => ${minSeconds}), (now() - ${refundOrders.createdAt}) / 4))`,
      ),
    )
    .orderBy(sql`${refundOrders.attemptedAt} NULLS FIRST`)
    .limit(limit);
}
