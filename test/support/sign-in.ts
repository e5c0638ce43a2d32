import { SESSION_COOKIE } from '#server/http/route-schema.js';
import { createTestUser } from '#test/factories/user-factory.js';
import { call } from './call-app.js';
import type { TestApp } from './test-app.js';

/**
 * A local account signed in through the real POST /api/login, as a browser would be; returns the
 * Cookie header to send with later requests.
 */
export async function signIn(t: TestApp, options: { isAdmin?: boolean; email?: string } = {}) {
  const password = 'a password for signing in';
  const user = await createTestUser(t.database.db, { ...options, password });
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/login',
    body: { email: user.email, password },
  });
  const setCookie = res.headers['set-cookie'];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [];
  const session = lines.find((line) => line.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
  if (res.status >= 400 || !session) {
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  return { user, cookie: session };
}
