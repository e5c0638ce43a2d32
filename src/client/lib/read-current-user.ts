import type { CurrentUser } from '#shared/schemas/auth';
import type { ResponseReader } from './api-client';
import { boolean, nullableString, record, string } from './json-fields';

/**
 * GET /api/auth/user runs on every screen, the first one included, so it is read without zod
 * (docs/decisions/0042). Held to `currentUserSchema` by its test.
 */
export const currentUserReader: ResponseReader<CurrentUser> = {
  parse: (data) => {
    const user = record(data, '');
    return {
      id: string(user.id, 'id'),
      email: nullableString(user.email, 'email'),
      firstName: nullableString(user.firstName, 'firstName'),
      lastName: nullableString(user.lastName, 'lastName'),
      profileImageUrl: nullableString(user.profileImageUrl, 'profileImageUrl'),
      isAdmin: boolean(user.isAdmin, 'isAdmin'),
    };
  },
};
