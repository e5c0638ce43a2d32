import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { userCredentials, users } from '#server/db/schema.js';
import type { CurrentUser } from '#shared/schemas/auth.js';

export type UserRow = typeof users.$inferSelect;

/** E-mail addresses are compared and stored lower-case, so one person is one account. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findLocalAccount(
  db: Db,
  email: string,
): Promise<{ user: UserRow; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ user: users, passwordHash: userCredentials.passwordHash })
    .from(users)
    .innerJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .insert(userCredentials)
    .values({ userId, passwordHash })
    .onConflictDoUpdate({
      target: userCredentials.userId,
      set: { passwordHash, updatedAt: new Date() },
    });
}

export async function setAdmin(db: Db, userId: string, isAdmin: boolean): Promise<void> {
  await db.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * ADMIN_EMAILS grants admin at sign-in. It never revokes: an admin granted by the CLI keeps it,
 * and removing an address from the list is done with `users revoke-admin`.
 */
export async function applyAdminEmails(
  db: Db,
  user: UserRow,
  adminEmails: readonly string[],
): Promise<UserRow> {
  if (user.isAdmin || !user.email || !adminEmails.includes(user.email)) return user;
  await setAdmin(db, user.id, true);
  return { ...user, isAdmin: true };
}

export interface IdentityClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  profileImageUrl: string | undefined;
}

const clip = (value: string | undefined, max: number) =>
  value === undefined ? undefined : value.slice(0, max);

/**
 * Upserts the user an OpenID Connect sign-in names. The user id is the IdP subject; an existing
 * account with the same verified e-mail (say, created with the CLI) is linked rather than
 * duplicated, since ADMIN_EMAILS and the CLI already treat the e-mail as the identity.
 */
export async function upsertIdentityUser(db: Db, claims: IdentityClaims): Promise<UserRow> {
  const email = claims.email ? normalizeEmail(claims.email).slice(0, 320) : undefined;
  const profile = {
    firstName: clip(claims.firstName, 255) ?? null,
    lastName: clip(claims.lastName, 255) ?? null,
    profileImageUrl: clip(claims.profileImageUrl, 2048) ?? null,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [bySubject] = await tx.select().from(users).where(eq(users.id, claims.subject));
    const [byEmail] =
      email && claims.emailVerified !== false
        ? await tx.select().from(users).where(eq(users.email, email))
        : [];
    const existing = bySubject ?? byEmail;
    if (existing) {
      // Taking an e-mail another account holds would break the unique index: keep ours then.
      const emailFree = !email || !byEmail || byEmail.id === existing.id;
      const [row] = await tx
        .update(users)
        .set({ ...profile, ...(email && emailFree ? { email } : {}) })
        .where(eq(users.id, existing.id))
        .returning();
      return row!;
    }
    const [row] = await tx
      .insert(users)
      .values({
        id: claims.subject,
        email: email && !byEmail ? email : null,
        ...profile,
      })
      .onConflictDoUpdate({ target: users.id, set: profile })
      .returning();
    return row!;
  });
}

export async function createUser(
  db: Db,
  values: { email: string; isAdmin?: boolean; firstName?: string | null },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(values.email),
      isAdmin: values.isAdmin ?? false,
      firstName: values.firstName ?? null,
    })
    .returning();
  return row!;
}

export async function listUsers(db: Db) {
  return db
    .select({
      email: users.email,
      isAdmin: users.isAdmin,
      hasPassword: sql<boolean>`${userCredentials.userId} IS NOT NULL`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
    .orderBy(users.email);
}
