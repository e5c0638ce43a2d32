import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { editions } from '#server/db/schema.js';

/**
 * The time zone an edition's days and periods are read in: its own, or the site's default when
 * the organiser left it unset. An admin reading last year's figures sees last year's days.
 */
export async function editionTimeZone(
  db: Db,
  editionId: number,
  defaultTimeZone: string,
): Promise<string> {
  const [row] = await db
    .select({ timezone: editions.timezone })
    .from(editions)
    .where(eq(editions.id, editionId));
  return row?.timezone ?? defaultTimeZone;
}
