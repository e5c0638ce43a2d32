import { sql } from 'drizzle-orm';
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
  rank: number;
}

/**
 * Every open category with its nominees ranked by votes. RANK() gives nominees with equal votes
 * the same rank and skips the next (1, 1, 3), as a ceremony announces a tie.
 */
export async function rankedResults(db: Db, publishedAt: string): Promise<Results> {
  const rows = rowsOf<RankedNomineeRow>(
    await db.execute(sql`
      SELECT c.id AS category_id, c.name AS category_name, c.name_fr AS category_name_fr,
             n.id AS nomination_id, a.name AS artist_name,
             COALESCE(n.nomination_photo_url, a.photo_url) AS photo_url,
             n.nomination_title, n.nomination_title_fr, n.vote_count,
             RANK() OVER (PARTITION BY c.id ORDER BY n.vote_count DESC)::int AS rank
      FROM categories c
      JOIN nominations n ON n.category_id = c.id AND n.is_active
      JOIN artists a ON a.id = n.artist_id AND a.is_active
      WHERE c.is_active
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
      voteCount: row.vote_count,
      rank: row.rank,
    });
  }
  return { published: true, publishedAt, categories };
}
