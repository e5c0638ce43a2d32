import type { Db } from '#server/db/client.js';
import { hashPassword } from '#server/features/auth/password-hash.js';
import { SESSION_COOKIE } from '#server/http/route-schema.js';
import { createSession } from '#server/features/auth/session-store.js';
import { createUser, setPasswordHash } from '#server/features/auth/users-store.js';

let sequence = 0;
/** scrypt is deliberately slow; tests reuse one hash per password. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/** A user (optionally with a local password), nothing else. */
export async function createTestUser(
  db: Db,
  options: { email?: string; isAdmin?: boolean; password?: string } = {},
) {
  const user = await createUser(db, {
    email: options.email ?? `user${++sequence}-${Date.now()}@example.com`,
    isAdmin: options.isAdmin ?? false,
  });
  if (options.password) await setPasswordHash(db, user.id, await hashOnce(options.password));
  return user;
}

/**
 * A signed-in user: `headers` carry its session cookie and a same-origin Origin (what a browser
 * on the site sends with a mutation), ready for `call()` (test/support/call-app.ts).
 */
export async function signedInUser(
  db: Db,
  options: { isAdmin?: boolean; email?: string; ttlMs?: number } = {},
) {
  const user = await createTestUser(db, options);
  const { token } = await createSession(
    db,
    {
      kind: 'user',
      userId: user.id,
      method: 'local',
      createdAt: new Date().toISOString(),
    },
    options.ttlMs ?? 3_600_000,
  );
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { user, token, cookie, headers: { cookie, origin: 'http://localhost' } };
}
