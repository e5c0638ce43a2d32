import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { preparedQuery } from '#server/db/prepared-query.js';
import { payments } from '#server/db/schema.js';
import type { Provider } from '#shared/money.js';

const SUMMARY = {
  status: payments.status,
  provider: payments.provider,
  providerRef: payments.providerRef,
  amount: payments.amount,
  currency: payments.currency,
  voterEmail: payments.voterEmail,
  failureReason: payments.failureReason,
  receiptCode: payments.receiptCode,
};

/** Every status poll reads one: built once (prepared-query.ts). */
const paymentSummary = preparedQuery((db) =>
  db
    .select(SUMMARY)
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id'))),
);

/** One payment as stored now, or undefined when there is no such payment. */
export async function readPayment(db: Db, paymentId: string) {
  const [row] = await paymentSummary(db).execute({ id: paymentId });
  return row;
}

/** The payment a provider's reference (a Stripe intent, a Campay transaction) was stored on. */
export async function paymentIdByProviderRef(
  db: Db,
  provider: Provider,
  providerRef: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row?.id ?? null;
}
