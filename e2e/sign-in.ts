import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Db } from '#server/db/client.js';
import { hashPassword } from '#server/features/auth/password-hash.js';
import { createUser, setPasswordHash } from '#server/features/auth/users-store.js';
import type { ConsoleAllowance } from './fixtures.js';

const PASSWORD = 'e2e-sign-in-password';

/**
 * A new local account of its own, signed in through the /api/login form the way a person does;
 * returns its e-mail.
 */
export async function signInThroughForm(
  page: Page,
  db: Db,
  allowConsole: (allowance: ConsoleAllowance) => void,
  options: { admin: boolean; returnTo: string },
): Promise<string> {
  // The server-rendered sign-in page names no icon, so Chromium asks for /favicon.ico (a 404).
  allowConsole({ text: /status of 404/, url: /\/favicon\.ico$/ });
  const email = `${options.admin ? 'admin' : 'voter'}-${randomUUID()}@example.com`;
  const user = await createUser(db, { email, isAdmin: options.admin, firstName: 'Amina' });
  await setPasswordHash(db, user.id, await hashPassword(PASSWORD));
  await page.goto(`/api/login?returnTo=${encodeURIComponent(options.returnTo)}`);
  await page.getByLabel(/E-mail/).fill(email);
  await page.getByLabel(/Password/).fill(PASSWORD);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await page.waitForURL(options.returnTo);
  return email;
}
