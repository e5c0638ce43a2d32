import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { payments } from '#server/db/schema.js';

/**
 * Stores the reference a provider gave a payment when it took it on (a Campay collect, a Stripe
 * intent). `keepStored`: a report racing the request (Campay's callback) may have stored it
 * already, and what it stored stands.
 */
export async function recordProviderRef(
  db: Db,
  paymentId: string,
  providerRef: string,
  { keepStored = false }: { keepStored?: boolean } = {},
): Promise<void> {
  const thisPayment = eq(payments.id, paymentId);
  await db
    .update(payments)
    .set({ providerRef, updatedAt: new Date() })
    .where(keepStored ? and(thisPayment, isNull(payments.providerRef)) : thisPayment);
}
