import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import type { Db } from '#server/db/client.js';
import { event } from '#server/db/schema.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { inDatabaseTime, setEvent } from '#test/factories/event-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { expect, setLanguage, test } from './fixtures.js';
import { signInThroughForm } from './sign-in.js';

// Both tests write the one event row: one after the other, never side by side.
test.describe.configure({ mode: 'serial' });

/** The first screen of a lazy page downloads its code and strings: room on a busy machine. */
const FIRST_LOAD = { timeout: 20_000 };

/*
 * Every spec shares this server and database, and the event is one row: each test keeps voting
 * open (a close far ahead), never publishes for longer than it looks, and puts the row back.
 */
async function keepEvent(db: Db): Promise<() => Promise<void>> {
  const [saved] = await db.select().from(event).where(eq(event.id, 1));
  if (!saved) throw new Error('the event row is missing');
  const { id: _id, ...settings } = saved;
  return async () => {
    await db.update(event).set(settings).where(eq(event.id, 1));
  };
}

async function nomineesWithVotes(db: Db) {
  const suffix = randomUUID().slice(0, 6);
  const category = await createCategory(db, {
    name: `Best Male Artist ${suffix}`,
    nameFr: `Meilleur artiste masculin ${suffix}`,
  });
  const lines: Array<[string, string, number]> = [
    ['Aristide Nkoulou', '/demo/artists/aristide-nkoulou.jpg', 42],
    ['Ama Fotso', '/demo/artists/ama-fotso.jpg', 31],
    ['Awa Sidibé', '/demo/artists/awa-sidibe.jpg', 12],
  ];
  for (const [name, photoUrl, votes] of lines) {
    const { nominations } = await createNominee(db, {
      categoryIds: [category.id],
      artist: { name, photoUrl },
    });
    await createCompletedPayment(db, {
      votes: [{ nominationId: nominations[0]!.id, voteCount: votes }],
    });
  }
  return category;
}

async function inLanguage(page: Page, language: 'en' | 'fr') {
  await setLanguage(page, language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test('results: announced date before publication, winners after, in both languages', async ({
  page,
  db,
  shot,
}) => {
  const restore = await keepEvent(db);
  try {
    const category = await nomineesWithVotes(db);
    await setEvent(db, {
      timezone: 'Africa/Douala',
      votingClosesAt: inDatabaseTime('30 days'),
      resultsPublishedAt: null,
    });
    await page.goto('/results');
    await expect(page.getByText(/^Results will be announced on .+\.$/)).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('link', { name: 'Results', exact: true })).toHaveCount(0);
    await shot('results-pending');
    await inLanguage(page, 'fr');
    await expect(page.getByText(/^Les résultats seront annoncés le .+\.$/)).toBeVisible();
    await shot('results-pending');

    await setEvent(db, { resultsPublishedAt: inDatabaseTime('0 seconds') });
    await page.reload();
    const region = page.getByRole('region', { name: category.nameFr! });
    await expect(region.getByText('Lauréat', { exact: true })).toBeVisible(FIRST_LOAD);
    await expect(region.getByText('42 votes')).toBeVisible();
    await region.scrollIntoViewIfNeeded();
    await shot('results-published');
    await inLanguage(page, 'en');
    const english = page.getByRole('region', { name: category.name });
    await expect(english.getByText('Winner', { exact: true })).toBeVisible();
    await expect(
      english.getByRole('list', { name: 'Ranking' }).getByText('Ama Fotso'),
    ).toBeVisible();
    await english.scrollIntoViewIfNeeded();
    await shot('results-published');
    // The header links the results once they are out (in the menu sheet on phones).
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) {
      await menu.click();
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Results' })).toBeVisible();
      await shot('results-menu');
    } else {
      await expect(page.getByRole('banner').getByRole('link', { name: 'Results' })).toBeVisible();
    }
  } finally {
    await restore();
  }
});

test('admin Event tab: settings on the event clock, preview, validation, publish confirmation', async ({
  page,
  db,
  shot,
  allowConsole,
}) => {
  // Sign-in, the dashboard's lists and two languages on a phone profile: more than a minute when busy.
  test.setTimeout(120_000);
  const restore = await keepEvent(db);
  try {
    await setEvent(db, {
      timezone: 'Europe/Paris',
      votingOpensAt: inDatabaseTime('-1 day'),
      votingClosesAt: inDatabaseTime('30 days'),
      resultsPublishedAt: null,
    });
    await signInThroughForm(page, db, allowConsole, { admin: true, returnTo: '/admin?tab=event' });
    const form = page.getByRole('form', { name: 'Settings' });
    await expect(form.getByLabel('Event name', { exact: true })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText(/^Voting closes in (29|30) d \d\d:\d\d:\d\d$/)).toBeVisible();
    await shot('admin-event');

    // A close before the opening is refused beside the field, before anything is sent.
    const closesDate = form.getByRole('textbox', { name: 'Voting closes Date', exact: true });
    const kept = await closesDate.inputValue();
    await closesDate.fill('2020-01-01');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Voting must close after it opens.')).toBeVisible();
    await expect(closesDate).toBeFocused();
    await shot('admin-event-invalid');
    await closesDate.fill(kept);

    // A real save: counts hidden in the last 12 hours, then the row is put back below.
    await form.getByLabel('Hide counts before the close (hours)', { exact: true }).fill('12');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Unsaved changes')).toHaveCount(0);
    const [saved] = await db.select().from(event).where(eq(event.id, 1));
    expect(saved?.hideCountsHoursBeforeClose).toBe(12);

    await page.getByRole('button', { name: 'Publish results' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish the results now?' });
    await expect(dialog).toBeVisible();
    await shot('admin-event-publish');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await inLanguage(page, 'fr');
    await expect(
      page
        .getByRole('form', { name: 'Paramètres' })
        .getByLabel('Nom de l’événement', { exact: true }),
    ).toBeVisible(FIRST_LOAD);
    await expect(page.getByText(/^Le vote se termine dans/)).toBeVisible();
    await shot('admin-event');
  } finally {
    await restore();
  }
});
