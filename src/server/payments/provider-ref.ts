import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { preparedQuery } from '#server/db/prepared-query.js';
import { payments } from '#server/db/schema.js';

/** Each payment's creation stores one, so both forms are built once (prepared-query.ts). */
const storeRef = (keepStored: boolean) =>
  preparedQuery((db) => {
    const thisPayment = eq(payments.id, sql.placeholder('id'));
    return db
      .update(payments)
      .set({
        providerRef: sql`${sql.placeholder('ref')}`,
        updatedAt: sql`${sql.placeholder('at')}`,
      })
      .where(keepStored ? and(thisPayment, isNull(payments.providerRef)) : thisPayment);
  });
const storeRefKeepingStored = storeRef(true);
const storeRefOverStored = storeRef(false);

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
  await (keepStored ? storeRefKeepingStored : storeRefOverStored)(db).execute({
    id: paymentId,
    ref: providerRef,
    at: new Date().toISOString(),
  });
}
