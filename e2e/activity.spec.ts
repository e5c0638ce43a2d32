import type { Page } from '@playwright/test';
import { FIRST_LOAD, expect, setLanguage, test } from './fixtures.js';

/** An admin change made as the signed-in organiser, through the API with the page's own session. */
async function change(page: Page, method: string, url: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
      return response.json();
    },
    { method, url, body },
  );
}

const idOf = (answer: unknown): string => {
  if (typeof answer === 'object' && answer !== null && 'id' in answer) return String(answer.id);
  throw new Error('the answer has no id');
};

test.describe('the Activity tab', () => {
  test('lists an organiser’s changes with filters, details and export, at 390 and 1280 px, in both languages', async ({
    page,
    signIn,
  }) => {
    test.slow();
    // An account of its own: the tab is filtered below on who made the changes.
    const email = await signIn('admin', { own: true });
    await page.goto('/categories');
    const category = idOf(
      await change(page, 'POST', '/api/admin/categories', {
        name: 'Best Live Act',
        description: 'The stage performance of the year',
        icon: 'fa-solid fa-microphone',
      }),
    );
    const artist = idOf(
      await change(page, 'POST', '/api/admin/artists', {
        name: 'Aya Mbarga',
        bio: 'Singer from Douala',
        nominations: [{ categoryId: category, nominationTitle: 'Live at the Palais' }],
      }),
    );
    await change(page, 'PUT', `/api/admin/artists/${artist}`, {
      name: 'Aya Mbarga',
      bio: 'Singer and songwriter from Douala',
      isFeatured: true,
      nominations: [{ categoryId: category, nominationTitle: 'Live at the Palais' }],
    });
    await change(page, 'POST', '/api/admin/check-campay-payments');

    await page.goto('/admin?tab=activity');
    await expect(page.getByRole('heading', { level: 2, name: 'Activity' })).toBeVisible(FIRST_LOAD);
    // Other tests change the same database meanwhile: keep to this organiser's changes.
    await page.getByLabel('Who').fill(email);
    const entries = page.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText('Campay payments checked');
    await expect(entries.nth(1)).toContainText('Artist edited');
    await expect(entries.nth(1)).toContainText('Changed: bio, featured');
    await expect(entries.nth(2)).toContainText('Artist added');
    await expect(entries.nth(3)).toContainText('Category added');

    // Keyboard: Tab reaches the disclosure, Enter opens it.
    const details = entries.nth(1).getByRole('button', { name: 'Details' });
    await details.focus();
    await page.keyboard.press('Enter');
    await expect(entries.nth(1).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(entries.nth(1)).toContainText('Singer and songwriter from Douala');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 2, name: 'Activity' }).scrollIntoViewIfNeeded();
    await entries.nth(1).scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling at 390 px').toBe(0);

    await setLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 2, name: 'Activité' })).toBeVisible(FIRST_LOAD);
    await page.getByLabel('Qui').fill(email);
    const frEntries = page.getByRole('list', { name: 'Modifications' }).getByRole('listitem');
    await expect(frEntries).toHaveCount(4);
    await expect(frEntries.nth(1)).toContainText('Modifié : biographie, mis en avant');
    await frEntries.nth(1).getByRole('button', { name: 'Détails' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('heading', { level: 2, name: 'Activité' }).scrollIntoViewIfNeeded();
  });
});
