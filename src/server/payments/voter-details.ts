import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { payments } from '#server/db/schema.js';

/**
 * Sets the e-mail a payment's receipt goes to, only while it is pending: a receipt's owner must
 * not change once votes are counted. Null when nothing changed (no such payment, or settled).
 */
export async function setReceiptEmail(
  db: Db,
  paymentId: string,
  voterEmail: string,
): Promise<{ paymentId: string; voterEmail: string } | null> {
  const [row] = await db
    .update(payments)
    .set({ voterEmail, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ paymentId: payments.id });
  return row ? { paymentId: row.paymentId, voterEmail } : null;
}

/**
 * Records that the voter went on to pay a pending payment. The first attempt is the one tracking
 * shows; later retries keep it. Null when nothing changed (no such payment, or settled).
 */
export async function markPaymentAttempt(
  db: Db,
  paymentId: string,
): Promise<{ paymentId: string; attemptedAt: Date } | null> {
  const [row] = await db
    .update(payments)
    .set({ attemptedAt: sql`COALESCE(${payments.attemptedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ paymentId: payments.id, attemptedAt: payments.attemptedAt });
  return row ? { paymentId: row.paymentId, attemptedAt: new Date(row.attemptedAt!) } : null;
}
