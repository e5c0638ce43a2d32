import { describe, expect, it } from 'vitest';
import { resultsSchema } from '#shared/schemas/event';
import { resultsReader } from './read-results';

const nominee = {
  nominationId: '6b0f9a1e-2d3c-4e5f-8a7b-9c0d1e2f3a4b',
  artistName: 'Charlotte Dipanda',
  photoUrl: null,
  nominationTitle: null,
  nominationTitleFr: 'Titre',
  voteCount: 7,
  changeSincePublication: -2,
  rank: 1,
};
const category = {
  categoryId: '3f1e4a52-7c1b-4d2e-9a4f-0b6c8d2e1a37',
  name: 'Best Female Artist',
  nameFr: null,
  nominees: [nominee, { ...nominee, rank: 1, photoUrl: '/demo/a.jpg' }],
};
const published = {
  published: true,
  publishedAt: '2026-12-01T20:00:00.000Z',
  categories: [category],
};

const accepted: unknown[] = [
  { published: false },
  { published: false, publishedAt: 'ignored' },
  published,
  { ...published, categories: [] },
  { ...published, categories: [{ ...category, nominees: [] }] },
];
const refused: unknown[] = [
  null,
  {},
  { published: 'true' },
  { published: true },
  { ...published, publishedAt: null },
  { ...published, categories: [{ ...category, nameFr: undefined }] },
  { ...published, categories: [{ ...category, nominees: [{ ...nominee, voteCount: 1.5 }] }] },
  { ...published, categories: [{ ...category, nominees: [{ ...nominee, rank: '1' }] }] },
  {
    ...published,
    categories: [{ ...category, nominees: [{ ...nominee, changeSincePublication: undefined }] }],
  },
];

describe('resultsReader', () => {
  it('gives what resultsSchema gives for answers the schema accepts', () => {
    for (const answer of accepted) {
      expect(resultsReader.parse(answer)).toEqual(resultsSchema.parse(answer));
    }
  });

  it('refuses what the schema refuses', () => {
    for (const answer of refused) {
      expect(resultsSchema.safeParse(answer).success).toBe(false);
      expect(() => resultsReader.parse(answer)).toThrow(/Unexpected response/);
    }
  });
});
