import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  categorySchema,
  publicArtistSchema,
  publicNominationSchema,
  shareLookupSchema,
} from '#shared/schemas/catalog';
import type { ResponseReader } from '#client/lib/api-client';
import {
  categoryReader,
  nominationListReader,
  publicArtistReader,
  shareLookupReader,
} from './read-catalog';

const category = {
  id: '3f1e4a52-7c1b-4d2e-9a4f-0b6c8d2e1a37',
  name: 'Best Artist',
  nameFr: 'Meilleur artiste',
  description: 'The year’s best.',
  descriptionFr: null,
  icon: 'mic',
  backgroundImageUrl: '/demo/categories/best.jpg',
  backgroundColor: '#112233',
  artistCount: 4,
  voteCount: 1200,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const ref = {
  id: category.id,
  name: category.name,
  nameFr: null,
  nominationId: '6b0f9a1e-2d3c-4e5f-8a7b-9c0d1e2f3a4b',
  nominationTitle: 'Song of the year: “Mami”',
  nominationTitleFr: null,
};
const artist = {
  id: '0c9e8d7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
  name: 'Salatiel',
  nameFr: null,
  bio: null,
  bioFr: 'Né à Douala.',
  photoUrl: null,
  isFeatured: true,
  isTrending: false,
  totalVotes: 42,
  trendingVotes: 7,
  categoryCount: 1,
  categories: [ref],
};
const nomination = {
  id: ref.nominationId,
  categoryId: category.id,
  artist,
  category,
  nominationTitle: null,
  nominationTitleFr: null,
  nominationDescription: 'Live in Yaoundé',
  nominationDescriptionFr: null,
  nominationPhotoUrl: null,
  voteCount: 42,
  shareableLink: 'aB3dE5fG7h',
};
const lookup = { categoryId: category.id, nominationId: nomination.id, category, artist };

const without = <T extends object>(value: T, ...keys: string[]): object =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
/** The shapes while the event hides its counts: every count and trending figure left out. */
const hiddenArtist = without(artist, 'isTrending', 'totalVotes', 'trendingVotes');
const hiddenCategory = without(category, 'voteCount');

interface Case {
  name: string;
  reader: ResponseReader<unknown>;
  schema: z.ZodType;
  accepted: unknown[];
  refused: unknown[];
}

const cases: Case[] = [
  {
    name: 'GET /api/categories/{id}',
    reader: categoryReader,
    schema: categorySchema,
    accepted: [category, hiddenCategory, { ...category, extra: 'dropped' }],
    refused: [null, [], { ...category, id: 'x' }, { ...category, voteCount: '3' }],
  },
  {
    name: 'GET /api/artists/{id}',
    reader: publicArtistReader,
    schema: publicArtistSchema,
    accepted: [artist, hiddenArtist, { ...artist, categories: [] }],
    refused: [
      { ...artist, isFeatured: 'yes' },
      { ...artist, nameFr: undefined },
      { ...artist, totalVotes: 1.5 },
      { ...artist, categories: [{ ...ref, nominationId: 'nope' }] },
      { ...artist, categories: null },
    ],
  },
  {
    name: 'GET /api/nominations/category/{id}',
    reader: nominationListReader,
    schema: z.array(publicNominationSchema),
    accepted: [
      [],
      [nomination],
      [{ ...without(nomination, 'voteCount'), artist: hiddenArtist, category: hiddenCategory }],
    ],
    refused: [
      nomination,
      [{ ...nomination, shareableLink: null }],
      [{ ...nomination, category: { ...category, createdAt: '2026-01-05' } }],
      [{ ...nomination, artist: { ...artist, id: 7 } }],
      [{ ...nomination, voteCount: null }],
    ],
  },
  {
    name: 'GET /api/nominations/share/{link}',
    reader: shareLookupReader,
    schema: shareLookupSchema,
    accepted: [lookup, { ...lookup, artist: hiddenArtist, category: hiddenCategory }],
    refused: [
      { ...lookup, nominationId: undefined },
      { ...lookup, artist: null },
    ],
  },
];

describe.each(cases)('the reader of $name', ({ reader, schema, accepted, refused }) => {
  it('gives what the shared schema gives for answers the schema accepts', () => {
    for (const answer of accepted) expect(reader.parse(answer)).toEqual(schema.parse(answer));
  });

  it('refuses what the schema refuses', () => {
    for (const answer of refused) {
      expect(schema.safeParse(answer).success).toBe(false);
      expect(() => reader.parse(answer)).toThrow(/Unexpected response/);
    }
  });
});
