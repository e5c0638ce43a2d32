import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { nominationHourlyVotes, nominations, paymentVotes } from '#server/db/schema.js';

/**
 * How nominations leave the site, for the artist and the category editors alike. A nomination a
 * payment names keeps its row (hidden), so receipts, payment history and every total keep its
 * votes; one no payment ever named is erased.
 */

/**
 * Nominations (of the given ids) that any payment refers to. Call inside the transaction that holds
 * the nominations FOR UPDATE: a payment being created waits on that lock, so the answer stays true.
 */
export async function nominationsWithPayments(
  db: Db,
  nominationIds: readonly string[],
): Promise<Set<string>> {
  if (!nominationIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: paymentVotes.nominationId })
    .from(paymentVotes)
    .where(inArray(paymentVotes.nominationId, [...nominationIds]));
  return new Set(rows.map((r) => r.id));
}

/** Hides the active nominations `where` selects; returns the ids it hid, for an Undo. */
export async function hideNominations(db: Db, where: SQL | undefined): Promise<string[]> {
  const hidden = await db
    .update(nominations)
    .set({ isActive: false })
    .where(and(where, eq(nominations.isActive, true)))
    .returning({ id: nominations.id });
  return hidden.map((n) => n.id);
}

/** Erases nominations and their hourly buckets; only for nominations no payment names. */
export async function eraseNominations(db: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .delete(nominationHourlyVotes)
    .where(inArray(nominationHourlyVotes.nominationId, [...ids]));
  await db.delete(nominations).where(inArray(nominations.id, [...ids]));
}

/** Each nomination leaves the site on its own terms: hidden when a payment names it, else erased. */
export async function removeNominations(db: Db, ids: readonly string[]): Promise<void> {
  const paid = await nominationsWithPayments(db, ids);
  if (paid.size) await hideNominations(db, inArray(nominations.id, [...paid]));
  await eraseNominations(
    db,
    ids.filter((id) => !paid.has(id)),
  );
}
