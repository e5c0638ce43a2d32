import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentVotes } from '../../db/schema.js';

/**
 * Nominations (of the given ids) that any payment refers to. Those rows cannot be deleted without
 * losing payment history, so they are hidden instead. Call inside the transaction that holds the
 * nominations FOR UPDATE: a payment being created waits on that lock, so the answer stays true.
 */
export async function nominationsWithPayments(
  db: Db,
  nominationIds: string[],
): Promise<Set<string>> {
  if (!nominationIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: paymentVotes.nominationId })
    .from(paymentVotes)
    .where(inArray(paymentVotes.nominationId, nominationIds));
  return new Set(rows.map((r) => r.id));
}
