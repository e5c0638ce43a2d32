import { and, eq, inArray, sql } from 'drizzle-orm';
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
 * The open ones among `count` nominations (placeholders `id0`, `id1`, ...), with their edition and
 * its prices. Every payment's creation reads it, so it is built once per number of lines
 * (prepared-query.ts). Each number has a text of its own, `IN ($1, $2)`: PostgreSQL plans that once
 * and keeps the plan, where a list passed as one array was planned again on every run (0.37 ms of
 * planning against 0.05 of running, in `npm run bench -- mixed-load`).
 */
const openNominationsByCount = new Map<number, ReturnType<typeof openNominationsOf>>();
const openNominationsOf = (count: number) =>
  preparedQuery((db) =>
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
          inArray(
            nominations.id,
            Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`)),
          ),
          eq(nominations.isActive, true),
        ),
      ),
  );

async function openNominations(db: Db, ids: readonly string[]) {
  let query = openNominationsByCount.get(ids.length);
  if (!query) {
    query = openNominationsOf(ids.length);
    openNominationsByCount.set(ids.length, query);
  }
  return query(db).execute(Object.fromEntries(ids.map((id, i) => [`id${i}`, id])));
}

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
  const open = await openNominations(db, ids);
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
