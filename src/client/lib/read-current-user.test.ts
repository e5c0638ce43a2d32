import { describe, expect, it } from 'vitest';
import { currentUserSchema } from '#shared/schemas/auth';
import { currentUserReader } from './read-current-user';

const user = {
  id: 'u1',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  isAdmin: true,
};

describe('currentUserReader', () => {
  it('gives what currentUserSchema gives for answers the schema accepts', () => {
    for (const answer of [user, { ...user, isAdmin: false, email: null, extra: 1 }]) {
      expect(currentUserReader.parse(answer)).toEqual(currentUserSchema.parse(answer));
    }
  });

  it('refuses what the schema refuses', () => {
    const refused: unknown[] = [
      null,
      [],
      { ...user, id: 1 },
      { ...user, isAdmin: 'yes' },
      { ...user, email: undefined },
    ];
    for (const answer of refused) {
      expect(currentUserSchema.safeParse(answer).success).toBe(false);
      expect(() => currentUserReader.parse(answer)).toThrow(/Unexpected response/);
    }
  });
});
