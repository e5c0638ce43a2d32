import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { expect, test } from './fixtures.js';

/*
 * The fixture fails a test on any console error or warning and on any Content-Security-Policy
 * violation (reported even when the page catches the error). Here: every public page, visited the
 * way a visitor does, and who-is-signed-in asked only of a browser that holds a session.
 */

const isAuthQuestion = (request: Request) => new URL(request.url()).pathname === '/api/auth/user';

function recordAuthQuestions(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (isAuthQuestion(request)) asked.push(page.url());
  });
  return asked;
}

test.describe('public pages, console and policy', () => {
  test('a visitor browses every public page: nothing in the console, no question bound to fail', async ({
    page,
    db,
    allowConsole,
  }) => {
    const category = await createCategory(db, { name: `Clean Console ${randomUUID()}` });
    const { nominations } = await createNominee(db, { categoryIds: [category.id] });
    const asked = recordAuthQuestions(page);

    await page.goto('/categories');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`/category/${category.id}`);
    await expect(page.getByTestId('artist-card')).toHaveCount(1);
    await page.goto(`/share/${nominations[0]!.shareableLink}`);
    await expect(page.getByTestId('shared-banner')).toBeVisible();
    // Checkout loads the card library, whose eval probe the policy would refuse in the console.
    await page.getByTestId('artist-card').getByRole('link', { name: 'Vote Now' }).click();
    await expect(page.getByTestId('total-votes')).toBeVisible();
    await page.getByText('Card', { exact: true }).click();
    await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
    await page.goto('/my-receipts');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    // The server still answers a direct question with 401; the page just never asks.
    allowConsole({ text: /status of 401/, url: /\/api\/auth\/user$/ });
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect(asked).toEqual([]);
  });

  test(
    'a signed-in visitor is recognised, and after logout no longer asked about',
    {
      tag: ['@phone', '@laptop'],
    },
    async ({ page, signIn }, testInfo) => {
      // An account of its own: the test signs it out. The page it lands on asks who is signed in;
      // that question can start after the network first goes idle, so its answer is awaited before
      // the reload's question is counted.
      await signIn('voter', { own: true });
      const landingAnswer = page.waitForResponse((response) => isAuthQuestion(response.request()));
      await page.goto('/categories');
      await landingAnswer;

      const asked = recordAuthQuestions(page);
      await page.reload();
      const logout = page.getByRole('link', { name: 'Logout' });
      if (testInfo.project.name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
      }
      await expect(logout).toBeVisible();
      expect(asked).toHaveLength(1);

      await logout.click();
      await expect(page).toHaveURL('/categories');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (testInfo.project.name === 'laptop') {
        await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
      }
      expect(asked).toHaveLength(1);
    },
  );
});
