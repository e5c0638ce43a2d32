import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { preparedQuery } from '#server/db/prepared-query.js';
import { artists, categories, editions, nominations } from '#server/db/schema.js';
import { isCurrentEdition } from '#server/features/editions/current-edition.js';
import { unprocessable } from '#server/http/http-error.js';
import type { Currency } from '#shared/money.js';
import type { NominationVote } from '#shared/schemas/payment.js';

/** The edition a payment's votes go to, and its prices per vote then (minor units). */
export interface VotableEdition {
  editionId: number;
  prices: Record<Currency, number>;
}

/**
 * The open ones among the nominations `ids` names (their ids joined by commas), with their edition
 * and its prices. Every payment's creation reads it, so it is built once (prepared-query.ts).
 */
const openNominations = preparedQuery((db) =>
  db
    .select({
      id: nominations.id,
      artistId: nominations.artistId,
      editionId: editions.id,
      priceXaf: editions.priceXaf,
      priceUsd: editions.priceUsd,
    })
    .from(nominations)
    .innerJoin(artists, and(eq(artists.id, nominations.artistId), eq(artists.isActive, true)))
    .innerJoin(
      categories,
      and(eq(categories.id, nominations.categoryId), eq(categories.isActive, true)),
    )
    .innerJoin(editions, and(eq(editions.id, categories.editionId), isCurrentEdition))
    .where(
      and(
        sql`${nominations.id} = ANY(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`,
        eq(nominations.isActive, true),
      ),
    ),
);

/**
 * Votes may only go to nominations that are open: the nomination, its artist and its category all
 * active, in the current edition (a nomination of another edition is not open here). One payment
 * is for one artist, as the checkout page and the receipt present it. The edition's prices are
 * read with them, so the amount is computed at the prices of the edition voted in.
 */
export async function assertVotable(
  db: Db,
  lines: readonly NominationVote[],
): Promise<VotableEdition> {
  const ids = lines.map((l) => l.nominationId);
  const open = await openNominations(db).execute({ ids: ids.join(',') });
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
  const [edition] = open;
  return {
    editionId: edition!.editionId,
    prices: { XAF: edition!.priceXaf, USD: edition!.priceUsd },
  };
}
