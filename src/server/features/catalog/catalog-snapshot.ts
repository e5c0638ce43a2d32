import { asc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { artists, categories as categoriesTable } from '#server/db/schema.js';
import { currentEditionId } from '#server/features/editions/current-edition.js';
import { EncodedBody } from '#server/http/encoded-body.js';
import type {
  ArtistCategoryRef,
  Category,
  PublicArtist,
  PublicNomination,
} from '#shared/schemas/catalog.js';

/** A visible nomination with its votes over the trending window (raw SQL: an aggregate join). */
interface NominationWithRecentVotesRow {
  id: string;
  artist_id: string;
  category_id: string;
  shareable_link: string;
  nomination_title: string | null;
  nomination_title_fr: string | null;
  nomination_photo_url: string | null;
  nomination_description: string | null;
  nomination_description_fr: string | null;
  vote_count: number;
  /** The sequence number of the write that set vote_count (see nominations.tally_seq). */
  tally_seq: number;
  recent_votes: number;
}

/** The public shapes with their counts, which the snapshot always holds (the routes may drop them). */
export type CountedCategory = Category & { voteCount: number };
export type CountedArtist = PublicArtist & {
  isTrending: boolean;
  totalVotes: number;
  trendingVotes: number;
};
export type CountedNomination = Omit<PublicNomination, 'artist' | 'category' | 'voteCount'> & {
  artist: CountedArtist;
  category: CountedCategory;
  voteCount: number;
};

/** Everything the public catalogue shows, indexed for the routes and serialised at most once per key. */
export interface CatalogSnapshot {
  categories: CountedCategory[];
  categoryById: Map<string, CountedCategory>;
  artistById: Map<string, CountedArtist>;
  nominationsByCategory: Map<string, CountedNomination[]>;
  nominationsByArtist: Map<string, CountedNomination[]>;
  nominationByLink: Map<string, CountedNomination>;
  /**
   * An answer's JSON bytes (plain, gzip, brotli), encoded on first use and reused: the snapshot
   * is immutable, and re-encoding a 50 KB nominee list on every request was most of its cost.
   */
  json(key: string, build: () => unknown): EncodedBody;
  /** The answers encoded so far, by key: the next snapshot reuses those that did not change. */
  readonly encoded: ReadonlyMap<string, EncodedBody>;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * An edition's catalogue (the current one's unless named): its categories and their nominations,
 * and every artist's profile (shared by the editions) with the nominations of this one. Trending window: the current
 * UTC hour and the 23 before it, read from the hourly tallies that settle() maintains (see
 * docs/decisions/0003-trending.md).
 */
export async function loadCatalogRows(
  db: Db,
  edition: number | SQL<number> = currentEditionId,
): Promise<CatalogRows> {
  // Three reads at once on three connections, so they may straddle an organiser's save: a new
  // category's nominee can come back without its category. buildSnapshot() leaves such a nominee
  // out; the save drops this snapshot anyway. Not one transaction: drizzle hands a connection that
  // froze mid-transaction back to the pool as healthy, and closing the pool then waits on it.
  const [categoryRows, artistRows, nominationRows] = await Promise.all([
    selectCategories(db, edition),
    selectArtists(db),
    db.execute(sql`
      SELECT n.id, n.artist_id, n.category_id, n.shareable_link, n.nomination_title,
             n.nomination_title_fr, n.nomination_photo_url, n.nomination_description,
             n.nomination_description_fr, n.vote_count, n.tally_seq::float8 AS tally_seq,
             COALESCE(r.votes, 0)::int AS recent_votes
      FROM nominations n
      JOIN artists a ON a.id = n.artist_id AND a.is_active
      JOIN categories c ON c.id = n.category_id AND c.is_active AND c.edition_id = ${edition}
      LEFT JOIN (
        SELECT nomination_id, SUM(votes)::int AS votes FROM nomination_hourly_votes
        WHERE hour >= date_trunc('hour', now()) - interval '23 hours'
        GROUP BY nomination_id
      ) r ON r.nomination_id = n.id
      WHERE n.is_active`),
  ]);
  return {
    categoryRows,
    artistRows,
    nominationRows: rowsOf<NominationWithRecentVotesRow>(nominationRows),
  };
}

/** What the catalogue is built from, as read from the database. */
export interface CatalogRows {
  categoryRows: CategoryRow[];
  artistRows: ArtistRow[];
  nominationRows: NominationWithRecentVotesRow[];
}

/**
 * The snapshot of `rows`, with each count replaced by a newer one when `newerCount` knows it
 * (counts settled since the rows were read). A newer count also adds its difference to the
 * trending window: the votes it adds were cast this hour.
 */
export function buildCatalogSnapshot(
  rows: CatalogRows,
  newerCount: (nominationId: string, seq: number) => number | undefined,
  previous?: CatalogSnapshot,
): CatalogSnapshot {
  const nominationRows = rows.nominationRows.map((n) => {
    const count = newerCount(n.id, n.tally_seq);
    if (count === undefined) return n;
    return { ...n, vote_count: count, recent_votes: n.recent_votes + count - n.vote_count };
  });
  return buildSnapshot(rows.categoryRows, rows.artistRows, nominationRows, previous?.encoded);
}

const selectCategories = (db: Db, edition: number | SQL<number>) =>
  db
    .select({
      id: categoriesTable.id,
      name: categoriesTable.name,
      nameFr: categoriesTable.nameFr,
      description: categoriesTable.description,
      descriptionFr: categoriesTable.descriptionFr,
      icon: categoriesTable.icon,
      backgroundImageUrl: categoriesTable.backgroundImageUrl,
      backgroundColor: categoriesTable.backgroundColor,
      createdAt: categoriesTable.createdAt,
    })
    .from(categoriesTable)
    .where(sql`${categoriesTable.isActive} AND ${categoriesTable.editionId} = ${edition}`)
    .orderBy(asc(categoriesTable.createdAt), asc(categoriesTable.name));

const selectArtists = (db: Db) =>
  db
    .select({
      id: artists.id,
      name: artists.name,
      nameFr: artists.nameFr,
      bio: artists.bio,
      bioFr: artists.bioFr,
      photoUrl: artists.photoUrl,
      isFeatured: artists.isFeatured,
    })
    .from(artists)
    .where(sql`${artists.isActive}`);

type CategoryRow = Awaited<ReturnType<typeof selectCategories>>[number];
type ArtistRow = Awaited<ReturnType<typeof selectArtists>>[number];

function buildSnapshot(
  categoryRows: CategoryRow[],
  artistRows: ArtistRow[],
  readRows: NominationWithRecentVotesRow[],
  previous: ReadonlyMap<string, EncodedBody> | undefined,
): CatalogSnapshot {
  const categoryIds = new Set(categoryRows.map((c) => c.id));
  const artistIds = new Set(artistRows.map((a) => a.id));
  // A nominee read without its category or artist (reads straddling a save) waits for the next load.
  const nominationRows = readRows.filter(
    (n) => categoryIds.has(n.category_id) && artistIds.has(n.artist_id),
  );
  const nominationsOfCategory = groupBy(nominationRows, (n) => n.category_id);
  const nominationsOfArtist = groupBy(nominationRows, (n) => n.artist_id);

  const categories: CountedCategory[] = categoryRows.map((c) => {
    const list = nominationsOfCategory.get(c.id) ?? [];
    return {
      id: c.id,
      name: c.name,
      nameFr: c.nameFr,
      description: c.description,
      descriptionFr: c.descriptionFr,
      icon: c.icon,
      backgroundImageUrl: c.backgroundImageUrl,
      backgroundColor: c.backgroundColor,
      artistCount: list.length,
      voteCount: sum(list, (n) => n.vote_count),
      createdAt: iso(c.createdAt),
    };
  });
  const categoryById = new Map(categories.map((c) => [c.id, c]));

  // Leaders of each category over the trending window; ties all trend, and zero votes never do.
  const topRecent = new Map<string, number>();
  for (const [categoryId, list] of nominationsOfCategory) {
    topRecent.set(categoryId, Math.max(0, ...list.map((n) => n.recent_votes)));
  }

  const artistById = new Map<string, CountedArtist>();
  for (const a of artistRows) {
    const own = nominationsOfArtist.get(a.id) ?? [];
    const refs: ArtistCategoryRef[] = own
      .map((n) => {
        const category = categoryById.get(n.category_id)!;
        return {
          id: category.id,
          name: category.name,
          nameFr: category.nameFr,
          nominationId: n.id,
          nominationTitle: n.nomination_title,
          nominationTitleFr: n.nomination_title_fr,
        };
      })
      .sort(byName);
    artistById.set(a.id, {
      id: a.id,
      name: a.name,
      nameFr: a.nameFr,
      bio: a.bio,
      bioFr: a.bioFr,
      photoUrl: a.photoUrl,
      isFeatured: a.isFeatured,
      isTrending: own.some(
        (n) => n.recent_votes > 0 && n.recent_votes === topRecent.get(n.category_id),
      ),
      totalVotes: sum(own, (n) => n.vote_count),
      trendingVotes: sum(own, (n) => n.recent_votes),
      categoryCount: refs.length,
      categories: refs,
    });
  }

  const publicNominations: CountedNomination[] = nominationRows.map((n) => ({
    id: n.id,
    categoryId: n.category_id,
    artist: artistById.get(n.artist_id)!,
    category: categoryById.get(n.category_id)!,
    nominationTitle: n.nomination_title,
    nominationTitleFr: n.nomination_title_fr,
    nominationDescription: n.nomination_description,
    nominationDescriptionFr: n.nomination_description_fr,
    nominationPhotoUrl: n.nomination_photo_url,
    voteCount: n.vote_count,
    shareableLink: n.shareable_link,
  }));
  const byArtistName = (x: CountedNomination, y: CountedNomination) => byName(x.artist, y.artist);
  const byCategoryName = (x: CountedNomination, y: CountedNomination) =>
    byName(x.category, y.category);

  const serialised = new Map<string, EncodedBody>();
  return {
    categories,
    categoryById,
    artistById,
    nominationsByCategory: sortedGroups(
      groupBy(publicNominations, (n) => n.categoryId),
      byArtistName,
    ),
    nominationsByArtist: sortedGroups(
      groupBy(publicNominations, (n) => n.artist.id),
      byCategoryName,
    ),
    nominationByLink: new Map(publicNominations.map((n) => [n.shareableLink, n])),
    json(key, build) {
      let body = serialised.get(key);
      if (body === undefined) {
        const fresh = Buffer.from(JSON.stringify(build()));
        // Counts settle many times a second near the close, and each settlement changes a few
        // answers: the others keep their compressed bytes instead of being compressed again.
        const before = previous?.get(key);
        body = before?.identity.equals(fresh) ? before : new EncodedBody(fresh);
        serialised.set(key, body);
      }
      return body;
    },
    encoded: serialised,
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function sortedGroups<T>(
  groups: Map<string, T[]>,
  compare: (a: T, b: T) => number,
): Map<string, T[]> {
  for (const list of groups.values()) list.sort(compare);
  return groups;
}

function sum<T>(items: T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
