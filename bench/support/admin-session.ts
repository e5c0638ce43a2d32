import { openDatabase } from '#server/db/client.js';
import { hashPassword } from '#server/features/auth/password-hash.js';
import { createUser, setPasswordHash } from '#server/features/auth/users-store.js';

/** Creates an admin in the database and signs in over HTTP like a browser; returns the Cookie header. */
export async function adminCookie(databaseUrl: string, baseUrl: string): Promise<string> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const email = `bench-admin-${Date.now()}@example.com`;
  const password = `bench-${Math.random().toString(36).slice(2)}`;
  try {
    const user = await createUser(database.db, { email, isAdmin: true });
    await setPasswordHash(database.db, user.id, await hashPassword(password));
  } finally {
    await database.close();
  }
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
    redirect: 'manual',
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('palmares.sid='));
  if (!cookie) throw new Error(`bench sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}
