import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { Results } from '#shared/schemas/event.js';

/** One ranked nominee (raw SQL: a window function). */
interface RankedNomineeRow {
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
 * Every open category of the edition with its nominees ranked by the votes published: the totals the results'
 * ledger froze at publication (ADR 0058), so a refund or a late payment afterwards never moves a
 * published count; their corrections are summed apart per nominee. Results published without a
 * ledger fall back to the tallies. RANK() gives nominees with equal votes the same rank and skips
 * the next (1, 1, 3), as a ceremony announces a tie. `editionId` is an id, or the current
 * edition's read in the statement (currentEditionId).
 */
export async function rankedResults(
  db: Db,
  editionId: number | SQL<number>,
  publishedAt: string,
): Promise<Results> {
  const rows = rowsOf<RankedNomineeRow>(
    await db.execute(sql`
      WITH l AS (
        SELECT l.id, l.totals FROM results_ledgers l JOIN editions e ON e.id = l.edition_id
        WHERE e.id = ${editionId} AND l.published_at = e.results_published_at),
      published AS (
        SELECT t->>'nominationId' AS nomination_id, SUM((t->>'votes')::int)::int AS votes
        FROM l, jsonb_array_elements(l.totals) AS t GROUP BY 1),
      corrected AS (
        SELECT ch->>'nominationId' AS nomination_id, SUM((ch->>'votes')::int)::int AS votes
        FROM results_ledger_corrections rc JOIN l ON rc.ledger_id = l.id,
             jsonb_array_elements(rc.changes) AS ch GROUP BY 1),
      counts AS (
        SELECT n.id,
               CASE WHEN EXISTS (SELECT 1 FROM l) THEN COALESCE(p.votes, 0) ELSE n.vote_count END
                 AS vote_count,
               COALESCE(k.votes, 0) AS change
        FROM nominations n
        LEFT JOIN published p ON p.nomination_id = n.id::text
        LEFT JOIN corrected k ON k.nomination_id = n.id::text)
      SELECT c.id AS category_id, c.name AS category_name, c.name_fr AS category_name_fr,
             n.id AS nomination_id, a.name AS artist_name,
             COALESCE(n.nomination_photo_url, a.photo_url) AS photo_url,
             n.nomination_title, n.nomination_title_fr, k.vote_count, k.change,
             RANK() OVER (PARTITION BY c.id ORDER BY k.vote_count DESC)::int AS rank
      FROM categories c
      JOIN nominations n ON n.category_id = c.id AND n.is_active
      JOIN counts k ON k.id = n.id
      JOIN artists a ON a.id = n.artist_id AND a.is_active
      WHERE c.is_active AND c.edition_id = ${editionId}
      ORDER BY c.created_at, c.name, c.id, rank, a.name`),
  );
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
