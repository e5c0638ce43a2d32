import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { editions } from '#server/db/schema.js';
import { conflict } from '#server/http/http-error.js';

/** The refusal of a change to an archived edition (409, in English and French). */
export const archivedEdition = () => conflict(ARCHIVED);

const ARCHIVED = {
  en: 'This edition is archived: its categories, nominations and settings can no longer change.',
  fr: 'Cette édition est archivée : ses catégories, ses nominations et ses réglages ne peuvent plus changer.',
};

/**
 * Refuses (409) a change to an archived edition's catalogue or settings. Call inside the change's
 * transaction: the edition row is held FOR SHARE, so an archive (which takes it FOR UPDATE) waits
 * for the change to commit, and a change that starts after it sees it archived.
 */
export async function refuseIfArchived(tx: Db, editionId: number): Promise<void> {
  const [edition] = await tx
    .select({ archivedAt: editions.archivedAt })
    .from(editions)
    .where(eq(editions.id, editionId))
    .for('share');
  if (edition?.archivedAt) throw archivedEdition();
}
