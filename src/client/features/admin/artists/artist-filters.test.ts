import { describe, expect, it } from 'vitest';
import type { AdminArtist } from '#shared/schemas/admin';
import {
  activeFilterCount,
  ALL_CATEGORIES,
  DEFAULT_ARTIST_FILTERS,
  filterArtists,
  type ArtistFilters,
} from './artist-filters';

const POP = '00000000-0000-4000-8000-000000000001';
const JAZZ = '00000000-0000-4000-8000-000000000002';

function artist(name: string, overrides: Partial<AdminArtist> = {}): AdminArtist {
  return {
    id: `id-${name}`,
    name,
    bio: null,
    bioFr: null,
    photoUrl: null,
    isFeatured: false,
    isTrending: false,
    totalVotes: 0,
    trendingVotes: 0,
    categoryCount: 0,
    categories: [],
    missingFrench: [],
    ...overrides,
  };
}

const inCategory = (id: string) => [
  { id, name: id, nameFr: null, nominationId: id, nominationTitle: null, nominationTitleFr: null },
];

const artists = [
  artist('Zélie', { bio: 'Afro-pop singer', totalVotes: 5, categories: inCategory(POP) }),
  artist('amadou', { bioFr: 'Saxophoniste de jazz', totalVotes: 40, categories: inCategory(JAZZ) }),
  artist('Bella', {
    totalVotes: 12,
    isTrending: true,
    trendingVotes: 3,
    categories: inCategory(POP),
  }),
  artist('Coco', { totalVotes: 30, isTrending: true, trendingVotes: 9 }),
];

const names = (filters: Partial<ArtistFilters>) =>
  filterArtists(artists, { ...DEFAULT_ARTIST_FILTERS, ...filters }).map((a) => a.name);

describe('filterArtists', () => {
  it('sorts by name ignoring case, both ways', () => {
    expect(names({})).toEqual(['amadou', 'Bella', 'Coco', 'Zélie']);
    expect(names({ sort: 'name-desc' })).toEqual(['Zélie', 'Coco', 'Bella', 'amadou']);
  });

  it('sorts by votes, most and least', () => {
    expect(names({ sort: 'votes-desc' })).toEqual(['amadou', 'Coco', 'Bella', 'Zélie']);
    expect(names({ sort: 'votes-asc' })).toEqual(['Zélie', 'Bella', 'Coco', 'amadou']);
  });

  it('puts trending artists first, the hottest first', () => {
    expect(names({ sort: 'trending' })).toEqual(['Coco', 'Bella', 'amadou', 'Zélie']);
  });

  it('searches names and bios without regard to case or accents', () => {
    expect(names({ search: 'zelie' })).toEqual(['Zélie']);
    expect(names({ search: 'AFRO' })).toEqual(['Zélie']);
    expect(names({ search: ' jazz ' })).toEqual(['amadou']);
    expect(names({ search: 'nobody' })).toEqual([]);
  });

  it('keeps one category when chosen', () => {
    expect(names({ categoryId: POP })).toEqual(['Bella', 'Zélie']);
    expect(names({ categoryId: POP, search: 'bel' })).toEqual(['Bella']);
  });

  it('does not reorder the list it was given', () => {
    const before = artists.map((a) => a.name);
    filterArtists(artists, { ...DEFAULT_ARTIST_FILTERS, sort: 'votes-desc' });
    expect(artists.map((a) => a.name)).toEqual(before);
  });
});

describe('activeFilterCount', () => {
  it('counts search and category, not the sort', () => {
    expect(activeFilterCount(DEFAULT_ARTIST_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_ARTIST_FILTERS, search: '  ' })).toBe(0);
    expect(activeFilterCount({ search: 'a', categoryId: POP, sort: 'trending' })).toBe(2);
    expect(activeFilterCount({ ...DEFAULT_ARTIST_FILTERS, categoryId: ALL_CATEGORIES })).toBe(0);
  });
});
