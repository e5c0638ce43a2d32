import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { EditionWinner } from '#shared/schemas/edition.js';
import type { Results } from '#shared/schemas/event.js';

/** One ranked nominee (raw SQL: a window function). */
interface RankedNomineeRow {
  edition_id: number;
  category_id: string;
  category_name: string;
  category_name_fr: string | null;
  nomination_id: string;
  artist_name: string;
  photo_url: string | null;
  nomination_title: string | null;
  nomination_title_fr: string | null;
  vote_count: number;
  change: number;
  rank: number;
}

/**
 * Every open category of the editions `editionsWhere` picks (a condition on `editions`) with its
 * nominees ranked by the votes published: the totals each edition's results ledger froze at
 * publication (ADR 0058), so a refund or a late payment afterwards never moves a published count;
 * their corrections are summed apart per nominee. An edition whose results were published without
 * a ledger falls back to its tallies. RANK() gives nominees with equal votes the same rank and
 * skips the next (1, 1, 3), as a ceremony announces a tie. `winnersOnly` keeps the rank-1 rows.
 * Rows come by edition, then in each category's order.
 */
async function rankedNominees(
  db: Db,
  editionsWhere: SQL,
  winnersOnly: boolean,
): Promise<RankedNomineeRow[]> {
  return rowsOf<RankedNomineeRow>(
    await db.execute(sql`
      WITH e AS (SELECT id, results_published_at FROM editions WHERE ${editionsWhere}),
      l AS (
        SELECT l.id, l.edition_id, l.totals FROM results_ledgers l
        JOIN e ON e.id = l.edition_id AND l.published_at = e.results_published_at),
      published AS (
        SELECT t->>'nominationId' AS nomination_id, SUM((t->>'votes')::int)::int AS votes
        FROM l, jsonb_array_elements(l.totals) AS t GROUP BY 1),
      corrected AS (
        SELECT ch->>'nominationId' AS nomination_id, SUM((ch->>'votes')::int)::int AS votes
        FROM results_ledger_corrections rc JOIN l ON rc.ledger_id = l.id,
             jsonb_array_elements(rc.changes) AS ch GROUP BY 1),
      counted AS (
        SELECT e.id AS edition_id, c.id AS category_id, c.name AS category_name,
               c.name_fr AS category_name_fr, c.created_at AS category_created_at,
               n.id AS nomination_id, a.name AS artist_name,
               COALESCE(n.nomination_photo_url, a.photo_url) AS photo_url,
               n.nomination_title, n.nomination_title_fr,
               CASE WHEN EXISTS (SELECT 1 FROM l WHERE l.edition_id = e.id)
                 THEN COALESCE(p.votes, 0) ELSE n.vote_count END AS vote_count,
               COALESCE(k.votes, 0) AS change
        FROM e
        JOIN categories c ON c.edition_id = e.id AND c.is_active
        JOIN nominations n ON n.category_id = c.id AND n.is_active
        JOIN artists a ON a.id = n.artist_id AND a.is_active
        LEFT JOIN published p ON p.nomination_id = n.id::text
        LEFT JOIN corrected k ON k.nomination_id = n.id::text),
      ranked AS (
        SELECT *, RANK() OVER (PARTITION BY category_id ORDER BY vote_count DESC)::int AS rank
        FROM counted)
      SELECT edition_id, category_id, category_name, category_name_fr, nomination_id,
             artist_name, photo_url, nomination_title, nomination_title_fr, vote_count, change, rank
      FROM ranked ${winnersOnly ? sql`WHERE rank = 1` : sql``}
      ORDER BY edition_id, category_created_at, category_name, category_id, rank, artist_name`),
  );
}

/**
 * One edition's results: every open category with its nominees ranked (rankedNominees).
 * `editionId` is an id, or the current edition's read in the statement (currentEditionId).
 */
export async function rankedResults(
  db: Db,
  editionId: number | SQL<number>,
  publishedAt: string,
): Promise<Results> {
  const rows = await rankedNominees(db, sql`id = ${editionId}`, false);
  const categories: Extract<Results, { published: true }>['categories'] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (category?.categoryId !== row.category_id) {
      category = {
        categoryId: row.category_id,
        name: row.category_name,
        nameFr: row.category_name_fr,
        nominees: [],
      };
      categories.push(category);
    }
    category.nominees.push({
      nominationId: row.nomination_id,
      artistName: row.artist_name,
      photoUrl: row.photo_url,
      nominationTitle: row.nomination_title,
      nominationTitleFr: row.nomination_title_fr,
      voteCount: Number(row.vote_count),
      changeSincePublication: Number(row.change),
      rank: row.rank,
    });
  }
  return { published: true, publishedAt, categories };
}

/**
 * The winners of each open category (rank 1, ties included, published counts) of those of
 * `editionIds` whose results are published, by edition id, in one statement. The condition on
 * publication is in the statement itself, so an edition never shows counts it has not published.
 */
export async function publishedWinners(
  db: Db,
  editionIds: readonly number[],
): Promise<Map<number, EditionWinner[]>> {
  const winners = new Map<number, EditionWinner[]>();
  if (editionIds.length === 0) return winners;
  const rows = await rankedNominees(
    db,
    sql`id = ANY(string_to_array(${editionIds.join(',')}, ',')::int[])
      AND results_published_at IS NOT NULL`,
    true,
  );
  for (const row of rows) {
    let list = winners.get(row.edition_id);
    if (!list) winners.set(row.edition_id, (list = []));
    list.push({
      categoryId: row.category_id,
      categoryName: row.category_name,
      categoryNameFr: row.category_name_fr,
      nominationId: row.nomination_id,
      artistName: row.artist_name,
      photoUrl: row.photo_url,
      nominationTitle: row.nomination_title,
      nominationTitleFr: row.nomination_title_fr,
      voteCount: Number(row.vote_count),
    });
  }
  return winners;
}
