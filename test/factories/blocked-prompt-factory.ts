import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { blockedPrompts } from '#server/db/schema.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';

type NewBlockedPrompt = typeof blockedPrompts.$inferInsert;

/** Refused mobile-money requests as counted this hour, in the current edition unless told. */
export async function createBlockedPrompts(
  db: Db,
  rows: Array<Pick<NewBlockedPrompt, 'phoneHash' | 'reason' | 'attempts'> & { editionId?: number }>,
) {
  return db
    .insert(blockedPrompts)
    .values(
      rows.map((row) => ({
        editionId: currentEditionId,
        hour: sql`date_trunc('hour', now())`,
        ...row,
      })),
    )
    .returning();
}
