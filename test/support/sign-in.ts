import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/server/features/auth/password-hash.js';
import { SESSION_COOKIE } from '../../src/server/features/auth/session-cookie.js';
import { createUser, setPasswordHash } from '../../src/server/features/auth/users-store.js';
import type { TestApp } from './test-app.js';

/**
 * A local account signed in through the real POST /api/login, as a browser would be; returns the
 * Cookie header to send with later requests.
 */
export async function signIn(t: TestApp, options: { isAdmin?: boolean; email?: string } = {}) {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const user = await createUser(t.database.db, {
    email,
    isAdmin: options.isAdmin ?? false,
    firstName: 'Test',
  });
  await setPasswordHash(t.database.db, user.id, await hashPassword(password));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (res.statusCode >= 400 || !session) {
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return { user, cookie: `${SESSION_COOKIE}=${session.value}` };
}
