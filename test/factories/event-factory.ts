import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { editions } from '#server/db/schema.js';
import { isCurrentEdition } from '#server/features/editions/current-edition.js';
import { publishResults } from '#server/features/event/event-store.js';
import { SYSTEM_ACTOR } from '#server/features/audit/record-audit.js';

type EventChange = Partial<Omit<typeof editions.$inferInsert, 'id'>>;
type EventWindowSql = { [K in keyof EventChange]: EventChange[K] | SQL };

/**
 * Sets the current edition's settings straight in the database (values or SQL such as `now() + ...`, so a
 * window can be drawn on the database's clock). The app's cached copy is not told: tests of the
 * cached answers emit `event-changed` or go through PUT /api/admin/event.
 */
export async function setEvent(db: Db, change: EventWindowSql): Promise<void> {
  await db.update(editions).set(change).where(isCurrentEdition);
}

/** The event as the migration leaves it: no bounds, counts live, nothing published, SMS on. */
export async function resetEvent(db: Db): Promise<void> {
  await setEvent(db, {
    votingOpensAt: null,
    votingClosesAt: null,
    resultsVisibility: 'live',
    hideCountsHoursBeforeClose: null,
    resultsPublishedAt: null,
    timezone: null,
    smsReceipts: true,
  });
}

/** The current edition's settings as they are now, and a function that puts them back. */
export async function keepEvent(db: Db): Promise<() => Promise<void>> {
  const [saved] = await db.select().from(editions).where(isCurrentEdition);
  if (!saved) throw new Error('there is no current edition');
  const { id, ...settings } = saved;
  return async () => {
    await db
      .update(editions)
      .set(settings)
      .where(sql`${editions.id} = ${id}`);
  };
}

export const inDatabaseTime = (interval: string) => sql`now() + ${interval}::interval`;

/**
 * Publishes the results as the admin's button does, with their ledger; the app's cached copy is
 * not told, as with setEvent. Results published by setEvent alone have no ledger, as before
 * ledgers existed.
 */
export const publishWithLedger = (db: Db) => publishResults(db, SYSTEM_ACTOR);

/** The current edition's id, for the calls that name an edition. */
export async function currentEdition(db: Db): Promise<number> {
  const [row] = await db.select({ id: editions.id }).from(editions).where(isCurrentEdition);
  if (!row) throw new Error('there is no current edition');
  return row.id;
}
