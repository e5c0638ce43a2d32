import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import type { CategoryRanking } from '#shared/schemas/analytics.js';
import type { CatalogSnapshot } from '#server/features/catalog/catalog-snapshot.js';
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
 * The category ranking for a period: every visible category (in the public order) with its
 * visible nominees ranked by the votes they got since `from`, summed from the hourly tallies
 * settle() keeps in one grouped pass. All time comes from the catalogue snapshot instead.
 */
export async function categoryRankings(db: Db, from: Date): Promise<CategoryRanking[]> {
  const result = await db.execute(sql`
    SELECT c.id AS category_id, c.name AS category_name, c.name_fr AS category_name_fr,
           n.id AS nomination_id, a.id AS artist_id, a.name AS artist_name,
           a.photo_url AS artist_photo, n.nomination_photo_url AS nomination_photo,
           n.nomination_title, n.nomination_title_fr, coalesce(v.votes, 0) AS votes
    FROM categories c
    LEFT JOIN (nominations n JOIN artists a ON a.id = n.artist_id AND a.is_active)
      ON n.category_id = c.id AND n.is_active
    LEFT JOIN (SELECT nomination_id, sum(votes)::int AS votes FROM nomination_hourly_votes
               WHERE hour >= ${bucketFloor(from).toISOString()}::timestamptz GROUP BY nomination_id) v
      ON v.nomination_id = n.id
    WHERE c.is_active
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

/**
 * All-time rankings straight from the public catalogue snapshot: the same visible categories,
 * nominees and running tallies the site shows, with no query, so the two can never disagree.
 */
export function rankingsFromSnapshot(snapshot: CatalogSnapshot): CategoryRanking[] {
  return snapshot.categories.map((category) => {
    const nominees = [...(snapshot.nominationsByCategory.get(category.id) ?? [])].sort(
      (a, b) => b.voteCount - a.voteCount || a.artist.name.localeCompare(b.artist.name),
    );
    return {
      categoryId: category.id,
      categoryName: category.name,
      categoryNameFr: category.nameFr,
      totalVotes: nominees.reduce((sum, n) => sum + n.voteCount, 0),
      artists: nominees.map((n) => ({
        nominationId: n.id,
        artistId: n.artist.id,
        artistName: n.artist.name,
        artistPhoto: n.artist.photoUrl,
        nominationPhoto: n.nominationPhotoUrl,
        nominationTitle: n.nominationTitle,
        nominationTitleFr: n.nominationTitleFr,
        voteCount: n.voteCount,
      })),
    };
  });
}
