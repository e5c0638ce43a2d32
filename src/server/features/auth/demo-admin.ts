import type { AppContext } from '#server/app-context.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.js';
import { generatePassword, hashPassword } from './password-hash.js';
import { createUser, findUserByEmail, setPasswordHash } from './users-store.js';

export const DEMO_ADMIN_EMAIL = 'admin@palmares.local';

/**
 * On a freshly seeded demo event, creates a local admin with a random password and returns the
 * credentials for main.ts to print once. Nothing is stored in clear and nothing is created when
 * the account exists already or when sign-in goes through an identity provider.
 */
export async function ensureDemoAdmin(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<{ email: string; password: string } | null> {
  if (ctx.config.oidc) return null;
  if (await findUserByEmail(ctx.db, DEMO_ADMIN_EMAIL)) return null;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    await ctx.db.transaction(async (tx) => {
      const user = await createUser(tx, {
        email: DEMO_ADMIN_EMAIL,
        isAdmin: true,
        firstName: 'Demo',
      });
      await setPasswordHash(tx, user.id, passwordHash);
    });
  } catch (error) {
    // Another instance created it at the same moment.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return null;
    throw error;
  }
  return { email: DEMO_ADMIN_EMAIL, password };
}
