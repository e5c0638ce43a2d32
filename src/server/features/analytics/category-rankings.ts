import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import type { CategoryRanking } from '#shared/schemas/analytics.js';
import { bucketFloor } from './provider-totals.js';
import { rowsOf } from '#server/db/rows.js';

/** One category and nominee with its votes since a date (raw SQL: an aggregate join). */
interface CategoryRankingRow {
  category_id: string;
  category_name: string;
  category_name_fr: string | null;
  nomination_id: string | null;
  artist_id: string | null;
  artist_name: string | null;
  artist_photo: string | null;
  nomination_photo: string | null;
  nomination_title: string | null;
  nomination_title_fr: string | null;
  votes: number | null;
}

/**
 * One edition's category ranking for a period: each of its visible categories (in the public
 * order) with its visible nominees ranked by the votes they got since `from`, summed from the
 * hourly tallies settle() keeps (each nomination's own hours, through their key, so another
 * edition's are never read); all time (`from` null) reads the running tallies themselves.
 */
export async function categoryRankings(
  db: Db,
  editionId: number,
  from: Date | null,
): Promise<CategoryRanking[]> {
  const votes =
    from === null
      ? sql`n.vote_count`
      : sql`(SELECT sum(h.votes) FROM nomination_hourly_votes h
             WHERE h.nomination_id = n.id
               AND h.hour >= ${bucketFloor(from).toISOString()}::timestamptz)`;
  const result = await db.execute(sql`
    SELECT c.id AS category_id, c.name AS category_name, c.name_fr AS category_name_fr,
           n.id AS nomination_id, a.id AS artist_id, a.name AS artist_name,
           a.photo_url AS artist_photo, n.nomination_photo_url AS nomination_photo,
           n.nomination_title, n.nomination_title_fr, coalesce(${votes}, 0)::int AS votes
    FROM categories c
    LEFT JOIN (nominations n JOIN artists a ON a.id = n.artist_id AND a.is_active)
      ON n.category_id = c.id AND n.is_active
    WHERE c.edition_id = ${editionId} AND c.is_active
    ORDER BY c.created_at, c.name, votes DESC, a.name`);
  const rankings = new Map<string, CategoryRanking>();
  for (const row of rowsOf<CategoryRankingRow>(result)) {
    let ranking = rankings.get(row.category_id);
    if (!ranking) {
      ranking = {
        categoryId: row.category_id,
        categoryName: row.category_name,
        categoryNameFr: row.category_name_fr,
        totalVotes: 0,
        artists: [],
      };
      rankings.set(row.category_id, ranking);
    }
    if (!row.nomination_id || !row.artist_id) continue;
    const voteCount = Number(row.votes ?? 0);
    ranking.totalVotes += voteCount;
    ranking.artists.push({
      nominationId: row.nomination_id,
      artistId: row.artist_id,
      artistName: row.artist_name ?? '',
      artistPhoto: row.artist_photo,
      nominationPhoto: row.nomination_photo,
      nominationTitle: row.nomination_title,
      nominationTitleFr: row.nomination_title_fr,
      voteCount,
    });
  }
  return [...rankings.values()];
}
