import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.js';
import { cardCheckoutEvents } from '#server/db/schema.js';

type NewCardCheckoutEvent = typeof cardCheckoutEvents.$inferInsert;

/**
 * Card declines as the checkout records them, each on a payment of the test's, from an address
 * of its own unless told.
 */
export async function createCardDeclines(
  db: Db,
  paymentId: string,
  count: number,
  overrides: Partial<Omit<NewCardCheckoutEvent, 'kind' | 'paymentId'>> = {},
) {
  return db
    .insert(cardCheckoutEvents)
    .values(
      Array.from({ length: count }, (_, i) => ({
        kind: 'decline' as const,
        ref: `test:${randomUUID()}`,
        paymentId,
        addressKey: `198.51.100.${i % 250}`,
        ...overrides,
      })),
    )
    .returning();
}
