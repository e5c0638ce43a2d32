import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '#server/db/client.js';
import { sessions } from '#server/db/schema.js';
import { rowsOf } from '#server/db/rows.js';

/**
 * Server-side sessions in the `sessions` table. The cookie carries a random 256-bit token; the
 * table stores only its SHA-256, so a leaked database dump (or backup) holds no usable session.
 */
const signedInSchema = z.object({
  kind: z.literal('user'),
  userId: z.string(),
  method: z.enum(['local', 'oidc']),
  /** Kept for the IdP's end-session call (id_token_hint). */
  idToken: z.string().optional(),
  createdAt: z.string(),
});
/** The short-lived state of an OpenID Connect sign-in between /api/login and /api/callback. */
const pendingSignInSchema = z.object({
  kind: z.literal('oidc-pending'),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  returnTo: z.string(),
});
export const sessionDataSchema = z.discriminatedUnion('kind', [
  signedInSchema,
  pendingSignInSchema,
]);
export type SessionData = z.infer<typeof sessionDataSchema>;
export type SignedInSession = z.infer<typeof signedInSchema>;
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

export const sessionIdOf = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** Tokens are 43 base64url characters; anything else is not worth a database round trip. */
export const isWellFormedToken = (token: string | undefined): token is string =>
  token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);

export async function createSession(
  db: Db,
  data: SessionData,
  ttlMs: number,
): Promise<{ token: string; expire: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expire = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ sid: sessionIdOf(token), sess: data, expire });
  return { token, expire };
}

/** Reads and removes a session in one statement, so a pending sign-in can be used only once. */
export async function takeSession(db: Db, token: string): Promise<SessionData | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.sid, sessionIdOf(token)), gt(sessions.expire, new Date())))
    .returning({ sess: sessions.sess });
  const parsed = sessionDataSchema.safeParse(row?.sess);
  return parsed.success ? parsed.data : null;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  if (!isWellFormedToken(token)) return;
  await db.delete(sessions).where(eq(sessions.sid, sessionIdOf(token)));
}

/** Signs a user out everywhere (after a password reset). */
export async function destroyUserSessions(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.sess}->>'kind' = 'user' AND ${sessions.sess}->>'userId' = ${userId}`)
    .returning({ sid: sessions.sid });
  return rows.length;
}

export async function extendSession(db: Db, token: string, expire: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ expire })
    .where(eq(sessions.sid, sessionIdOf(token)));
}

/** Deletes expired sessions (signed-in and pending alike); returns how many went. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    WITH gone AS (DELETE FROM ${sessions} WHERE ${lt(sessions.expire, now)} RETURNING 1)
    SELECT count(*)::int AS count FROM gone`);
  const [row] = rowsOf<{ count: number }>(result);
  return row?.count ?? 0;
}
