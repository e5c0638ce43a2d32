import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { artists, categories, nominations } from '#server/db/schema.js';
import { unprocessable } from '#server/http/http-error.js';
import type { NominationVote } from '#shared/schemas/payment.js';

/**
 * Votes may only go to nominations that are open: the nomination, its artist and its category all
 * active. One payment is for one artist, as the checkout page and the receipt present it.
 */
export async function assertVotable(db: Db, lines: readonly NominationVote[]): Promise<void> {
  const ids = lines.map((l) => l.nominationId);
  const open = await db
    .select({ id: nominations.id, artistId: nominations.artistId })
    .from(nominations)
    .innerJoin(artists, and(eq(artists.id, nominations.artistId), eq(artists.isActive, true)))
    .innerJoin(
      categories,
      and(eq(categories.id, nominations.categoryId), eq(categories.isActive, true)),
    )
    .where(and(inArray(nominations.id, ids), eq(nominations.isActive, true)));
  const openIds = new Set(open.map((n) => n.id));
  const closed = ids.filter((id) => !openIds.has(id));
  if (closed.length) {
    throw unprocessable(
      {
        en: 'Some of these nominations are not open for voting. Refresh the page.',
        fr: 'Certaines de ces nominations ne sont pas ouvertes au vote. Actualisez la page.',
      },
      { nominationIds: closed },
    );
  }
  if (new Set(open.map((n) => n.artistId)).size > 1) {
    throw unprocessable({
      en: 'All votes in one payment must be for the same artist.',
      fr: 'Tous les votes d’un même paiement doivent être pour le même artiste.',
    });
  }
}
