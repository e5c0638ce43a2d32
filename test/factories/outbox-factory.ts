import type { Db } from '#server/db/client.js';
import { outboxMessages } from '#server/db/schema.js';

type NewOutboxRow = typeof outboxMessages.$inferInsert;

/**
 * Messages to voters as the worker and the gateways left them (state, cost, delivery), for tests
 * of reading the outbox. A receipt by SMS unless told otherwise; the payments' own messages are
 * tested through settlement.
 */
export async function createOutboxMessages(db: Db, rows: Partial<NewOutboxRow>[]) {
  return db
    .insert(outboxMessages)
    .values(
      rows.map((row) => ({
        channel: 'sms' as const,
        recipient: row.channel === 'email' ? 'voter@example.com' : '+237690000000',
        language: 'en' as const,
        kind: 'receipt',
        body: 'Palmares receipt',
        ...row,
      })),
    )
    .returning();
}
