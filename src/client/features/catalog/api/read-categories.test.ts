import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categorySchema } from '#shared/schemas/catalog';
import { categoryListReader } from './read-categories';

const listSchema = z.array(categorySchema);

const category = {
  id: '3f1e4a52-7c1b-4d2e-9a4f-0b6c8d2e1a37',
  name: 'Best Artist',
  nameFr: 'Meilleur artiste',
  description: null,
  descriptionFr: null,
  icon: 'mic',
  backgroundImageUrl: null,
  backgroundColor: '#112233',
  artistCount: 4,
  voteCount: 1200,
  createdAt: '2026-01-05T10:00:00.000Z',
};

const accepted: unknown[] = [
  [],
  [category],
  [{ ...category, createdAt: '2026-01-05T10:00:00+01:00', extra: 'dropped' }],
  [{ ...category, id: '00000000-0000-0000-0000-000000000000' }],
  // While the event hides counts.
  [(({ voteCount: _hidden, ...rest }) => rest)(category)],
];
const refused: unknown[] = [
  null,
  {},
  category,
  [{ ...category, id: 'not-an-id' }],
  [{ ...category, id: '3f1e4a52-7c1b-0d2e-9a4f-0b6c8d2e1a37' }],
  [{ ...category, name: null }],
  [{ ...category, nameFr: undefined }],
  [{ ...category, voteCount: 1.5 }],
  [{ ...category, voteCount: null }],
  [{ ...category, artistCount: '4' }],
  [{ ...category, createdAt: '2026-01-05' }],
  [{ ...category, createdAt: '2026-01-05T10:00Z' }],
  [{ ...category, createdAt: '2026-13-05T10:00:00Z' }],
];

describe('categoryListReader', () => {
  it('gives what z.array(categorySchema) gives for answers the schema accepts', () => {
    for (const answer of accepted) {
      expect(categoryListReader.parse(answer)).toEqual(listSchema.parse(answer));
    }
  });

  it('refuses what the schema refuses', () => {
    for (const answer of refused) {
      expect(listSchema.safeParse(answer).success).toBe(false);
      expect(() => categoryListReader.parse(answer)).toThrow(/Unexpected response/);
    }
  });
});
