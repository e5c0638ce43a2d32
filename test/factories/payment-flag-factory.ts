import type { Db } from '#server/db/client.js';
import { paymentFlags } from '#server/db/schema.js';

type NewPaymentFlag = typeof paymentFlags.$inferInsert;

/**
 * A velocity flag on a payment, as the velocity job writes it (three phones from one device in an
 * hour unless told otherwise), in the payment's edition.
 */
export async function createPaymentFlag(
  db: Db,
  payment: { id: string; editionId: number },
  overrides: Partial<NewPaymentFlag> = {},
) {
  const [flag] = await db
    .insert(paymentFlags)
    .values({
      paymentId: payment.id,
      editionId: payment.editionId,
      kind: 'device-phones',
      measured: 3,
      threshold: 3,
      windowSeconds: 3600,
      ...overrides,
    })
    .returning();
  return flag!;
}
