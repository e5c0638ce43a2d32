import { randomUUID } from 'node:crypto';
import { request, type Page } from '@playwright/test';
import type { Db } from '#server/db/client.js';
import { hashPassword } from '#server/features/auth/password-hash.js';
import { createUser, setPasswordHash } from '#server/features/auth/users-store.js';

const PASSWORD = 'e2e-sign-in-password';

export type Role = 'admin' | 'voter';

/** The cookies of a signed-in browser: what Playwright's storage state keeps of a session. */
export type SessionCookies = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>;

/** A new local account with a password; returns its e-mail. */
export async function createAccount(db: Db, role: Role): Promise<string> {
  const email = `${role}-${randomUUID()}@example.com`;
  const user = await createUser(db, { email, isAdmin: role === 'admin', firstName: 'Amina' });
  await setPasswordHash(db, user.id, await hashPassword(PASSWORD));
  return email;
}

/**
 * A new account signed in through POST /api/login from outside any page (a script's sign-in, as
 * the server allows without an Origin), and the session's cookies as storage state keeps them.
 * The form itself is tested where it is the subject (the tour's sign-in stop, the signed-out
 * organiser's way back); everywhere else a session is put in the browser like this.
 */
export async function signedInSession(
  db: Db,
  baseURL: string,
  role: Role,
): Promise<{ email: string; cookies: SessionCookies }> {
  const email = await createAccount(db, role);
  const api = await request.newContext({ baseURL });
  try {
    const answer = await api.post('/api/login', {
      data: { email, password: PASSWORD },
      maxRedirects: 0,
    });
    if (answer.status() >= 400) {
      throw new Error(`signing in ${email} answered ${answer.status()}: ${await answer.text()}`);
    }
    const { cookies } = await api.storageState();
    return { email, cookies };
  } finally {
    await api.dispose();
  }
}

/** Types an account's e-mail and password into the sign-in page on screen and sends it. */
export async function fillSignInForm(page: Page, email: string): Promise<void> {
  await page.getByLabel(/E-mail/).fill(email);
  await page.getByLabel(/Password/).fill(PASSWORD);
  await page.getByRole('button', { name: /Sign in/ }).click();
}
