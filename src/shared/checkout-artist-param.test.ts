import { describe, expect, it } from 'vitest';
import { parseArtistParam } from './checkout-artist-param.js';

const category = {
  id: '3f1c3b1e-8f55-4a7e-9a59-7d1e8c8f2a10',
  name: 'Best Newcomer',
  nameFr: 'Meilleure révélation',
  nominationId: '6a0f9d7c-2b1e-4f3a-8c5d-1e2f3a4b5c6d',
  nominationTitle: null,
  nominationTitleFr: null,
};
const artist = {
  id: '9b2e7c1a-4d5f-4e6a-8b7c-0d1e2f3a4b5c',
  name: 'Aya',
  nameFr: null,
  bio: 'Singer',
  bioFr: null,
  photoUrl: null,
  categories: [category],
};
const search = (value: unknown) =>
  `?artist=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

describe('parseArtistParam', () => {
  it('reads the artist and its nominations', () => {
    const result = parseArtistParam(search(artist));
    expect(result.kind).toBe('ok');
    expect(result.kind === 'ok' && result.artist.categories[0]?.nominationId).toBe(
      category.nominationId,
    );
  });

  it('tells a missing parameter from unparseable data', () => {
    expect(parseArtistParam('').kind).toBe('missing');
    expect(parseArtistParam('?artist=').kind).toBe('missing');
    expect(parseArtistParam(search('{not json')).kind).toBe('invalid');
    expect(parseArtistParam(search({ name: 'No id' })).kind).toBe('invalid');
  });

  it('flags an artist without categories', () => {
    expect(parseArtistParam(search({ ...artist, categories: [] })).kind).toBe('noCategories');
    expect(parseArtistParam(search({ id: artist.id, name: 'Aya' })).kind).toBe('noCategories');
  });
});
