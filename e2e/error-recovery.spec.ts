import type { Page } from '@playwright/test';
import { expect, setLanguage, test } from './fixtures.js';

const RECEIPTS_CHUNK = /\/assets\/my-receipts-page-[^/]+\.js$/;

/**
 * Fails the My Receipts chunk for its first `failures` requests, or until `serve()` is called,
 * then serves it. The recovery is judged by page loads, not requests: how often a browser asks
 * for a chunk on one load is its own business.
 */
async function failReceiptsChunk(
  page: Page,
  failures = Number.POSITIVE_INFINITY,
): Promise<{ requests: () => number; serve: () => void }> {
  let requests = 0;
  let failing = true;
  await page.route(RECEIPTS_CHUNK, async (route) => {
    requests += 1;
    if (failing && requests <= failures) await route.abort('failed');
    else await route.continue();
  });
  return { requests: () => requests, serve: () => (failing = false) };
}

/** The aborted requests, and the import error React reports when the boundary catches it. */
function allowChunkFailures(allowConsole: (a: { text: RegExp; url?: RegExp }) => void) {
  allowConsole({ text: /net::ERR_FAILED/, url: RECEIPTS_CHUNK });
  allowConsole({ text: /Failed to fetch dynamically imported module/ });
}

test(
  'a screen whose chunk fails to load reloads the page once and then opens',
  { tag: ['@phone', '@laptop'] },
  async ({ page, allowConsole }) => {
    allowChunkFailures(allowConsole);
    await page.goto('/categories');
    const { requests } = await failReceiptsChunk(page, 1);
    let loads = 0;
    page.on('load', () => (loads += 1));

    // A client-side navigation, from the header or (on a phone) the menu.
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('link', { name: 'My Receipts' }).click();

    // The page it reloads to arrives drawn by the server: its heading shows before the script
    // asks for the chunk again, so the second request is waited for, not assumed.
    await expect(page.getByRole('heading', { level: 1, name: 'My Receipts' })).toBeVisible();
    await expect.poll(requests).toBe(2);
    // The drawn heading and the script's request both come before the reload's load event.
    await expect.poll(() => loads).toBe(1);
  },
);

for (const language of ['en', 'fr'] as const) {
  test(`a screen that still cannot load shows a way to recover (${language})`, async ({
    page,
    allowConsole,
  }) => {
    allowChunkFailures(allowConsole);
    await page.goto('/categories');
    await setLanguage(page, language);
    const chunk = await failReceiptsChunk(page);
    let loads = 0;
    page.on('load', () => (loads += 1));
    const text =
      language === 'en'
        ? { title: 'Something went wrong', reload: 'Reload the page', receipts: 'My Receipts' }
        : { title: 'Une erreur est survenue', reload: 'Recharger la page', receipts: 'Mes reçus' };

    await page.goto('/my-receipts');

    const alert = page.getByRole('alert').filter({ hasText: text.title });
    await expect(alert.getByRole('heading', { name: text.title })).toBeVisible();
    // One automatic reload after the first failure, then no loop: the page rests on the alert.
    expect(loads).toBe(2);

    chunk.serve();
    await alert.getByRole('button', { name: text.reload }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.receipts })).toBeVisible();
    // Drawn by the server, the heading shows before the reloaded page's load event.
    await expect.poll(() => loads).toBe(3);
  });
}
