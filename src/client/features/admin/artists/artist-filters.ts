import type { AdminArtist } from '#shared/schemas/admin';

export const ARTIST_SORTS = [
  'name-asc',
  'name-desc',
  'votes-desc',
  'votes-asc',
  'trending',
] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number];
export const isArtistSort = (value: string): value is ArtistSort =>
  (ARTIST_SORTS as readonly string[]).includes(value);

export const ALL_CATEGORIES = 'all';

export interface ArtistFilters {
  search: string;
  /** A category id, or ALL_CATEGORIES. */
  categoryId: string;
  sort: ArtistSort;
}

export const DEFAULT_ARTIST_FILTERS: ArtistFilters = {
  search: '',
  categoryId: ALL_CATEGORIES,
  sort: 'name-asc',
};

/** Case- and accent-insensitive, so 'celine' finds 'Céline' and 'ÉTOILE' finds 'étoile'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** How many of search and category narrow the list (the sort only reorders it). */
export function activeFilterCount(filters: ArtistFilters): number {
  return (filters.search.trim() ? 1 : 0) + (filters.categoryId !== ALL_CATEGORIES ? 1 : 0);
}

const byName = (a: AdminArtist, b: AdminArtist) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

const COMPARATORS: Record<ArtistSort, (a: AdminArtist, b: AdminArtist) => number> = {
  'name-asc': byName,
  'name-desc': (a, b) => byName(b, a),
  'votes-desc': (a, b) => b.totalVotes - a.totalVotes || byName(a, b),
  'votes-asc': (a, b) => a.totalVotes - b.totalVotes || byName(a, b),
  // Trending artists first, then by recent votes, then by all votes.
  trending: (a, b) =>
    Number(b.isTrending) - Number(a.isTrending) ||
    b.trendingVotes - a.trendingVotes ||
    b.totalVotes - a.totalVotes ||
    byName(a, b),
};

/** Search by name or bio (either language), keep one category if chosen, then sort. */
export function filterArtists(
  artists: readonly AdminArtist[],
  filters: ArtistFilters,
): AdminArtist[] {
  const needle = fold(filters.search.trim());
  return artists
    .filter(
      (artist) =>
        (filters.categoryId === ALL_CATEGORIES ||
          artist.categories.some((category) => category.id === filters.categoryId)) &&
        (!needle ||
          [artist.name, artist.bio, artist.bioFr].some(
            (text) => text && fold(text).includes(needle),
          )),
    )
    .sort(COMPARATORS[filters.sort]);
}
