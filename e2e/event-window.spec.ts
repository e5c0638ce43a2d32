import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { editions, paymentVotes } from '#server/db/schema.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { inDatabaseTime, keepEvent, resetEvent, setEvent } from '#test/factories/event-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { EVENT_BASE_URL, FIRST_LOAD, expect, setLanguage, test } from './fixtures.js';

/*
 * The event's life as a voter meets it, on the server of its own (EVENT_BASE_URL) so that closing
 * the vote here closes it for no other test. One test at a time, in the laptop project only
 * (playwright.config.ts): they share that event, and each holds the server through its eventDb
 * fixture (the screen tour takes its turns there too).
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: EVENT_BASE_URL });

const TEXT = {
  en: {
    closesIn: /^Voting closes in 2 d \d\d:\d\d:\d\d$/,
    opensIn: /^Voting opens in 00:5\d:\d\d$/,
    closed: 'Voting has closed',
    notOpen: 'Voting has not opened yet',
    voteNow: 'Vote Now',
    trending: 'Trending',
  },
  fr: {
    closesIn: /^Le vote se termine dans 2 j \d\d:\d\d:\d\d$/,
    opensIn: /^Le vote ouvre dans 00:5\d:\d\d$/,
    closed: 'Le vote est clos',
    notOpen: "Le vote n'est pas encore ouvert",
    voteNow: 'Voter maintenant',
    trending: 'Tendance',
  },
} as const;

/** A category with one nominee who leads it today, so the card carries the trending mark. */
async function trendingNominee(db: Db) {
  const category = await createCategory(db, { name: `Event Life ${randomUUID().slice(0, 8)}` });
  const nominee = await createNominee(db, { categoryIds: [category.id] });
  await createCompletedPayment(db, {
    votes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 3 }],
  });
  return { category, nominee };
}

const card = (page: Page) => page.getByTestId('artist-card');
const countdown = (page: Page) => page.getByTestId('voting-countdown');

test.afterEach(async ({ eventDb }) => {
  await resetEvent(eventDb);
});

for (const language of ['en', 'fr'] as const) {
  const t = TEXT[language];

  test(`counts down to the close, then closes on time (${language})`, async ({ page, eventDb }) => {
    await page.clock.install();
    const { category } = await trendingNominee(eventDb);
    await setEvent(eventDb, {
      votingOpensAt: inDatabaseTime('-1 day'),
      votingClosesAt: inDatabaseTime('2 days 3 hours 14 minutes'),
    });
    await page.goto('/categories');
    await setLanguage(page, language);
    await expect(countdown(page)).toHaveText(t.closesIn);

    await page.goto(`/category/${category.id}`);
    await expect(countdown(page)).toHaveText(t.closesIn);
    await expect(card(page).getByRole('link', { name: t.voteNow })).toBeVisible();

    // The close comes while the page is open: the page closes the vote by itself when its
    // countdown reaches the close, without a reload. The page's clock is moved on to the close;
    // the database's cannot be, so its close is brought to now at the same moment.
    await setEvent(eventDb, { votingClosesAt: inDatabaseTime('15 seconds') });
    await page.reload();
    await expect(card(page).getByRole('link', { name: t.voteNow })).toBeVisible();
    await setEvent(eventDb, { votingClosesAt: inDatabaseTime('-1 second') });
    await page.clock.fastForward(15_000);
    await expect(countdown(page)).toHaveText(t.closed);
    await expect(card(page).getByRole('link', { name: t.voteNow })).toHaveCount(0);
    await expect(card(page).getByRole('button', { name: t.closed })).toBeDisabled();
  });

  test(`before the opening: no way to pay, and why (${language})`, async ({ page, eventDb }) => {
    const { category } = await trendingNominee(eventDb);
    // A checkout link kept from before the organiser moved the opening to later.
    await page.goto(`/category/${category.id}`);
    await setLanguage(page, language);
    await card(page).getByRole('link', { name: t.voteNow }).click();
    await expect(page).toHaveURL(/\/checkout\?artist=/);
    const checkout = page.url();

    await setEvent(eventDb, { votingOpensAt: inDatabaseTime('1 hour') });
    await page.goto(`/category/${category.id}`);
    await expect(countdown(page)).toHaveText(t.opensIn);
    await expect(card(page).getByRole('button', { name: t.notOpen })).toBeDisabled();

    await page.goto(checkout);
    const notice = page.getByTestId('voting-closed-notice');
    await expect(notice).toContainText(t.notOpen);
    await expect(page.getByRole('button', { name: /^(Pay|Payer) / })).toHaveCount(0);
  });
}

test('a voter in checkout when the organiser closes the vote is told by the server', async ({
  page,
  eventDb,
  allowConsole,
}) => {
  // The browser reports the refused request in the console; the page shows it as a toast.
  allowConsole({ text: /status of 409/, url: /\/api\/campay-payment$/ });
  const { category, nominee } = await trendingNominee(eventDb);
  await setEvent(eventDb, { votingClosesAt: inDatabaseTime('1 day') });
  await page.goto(`/category/${category.id}`);
  await card(page).getByRole('link', { name: TEXT.en.voteNow }).click();
  await expect(page.getByTestId('total-votes')).toBeVisible();
  await page.getByLabel('Digit 1 of 9').pressSequentially('677000123');

  // Closed early, after this page learnt the event: only the server knows.
  await setEvent(eventDb, { votingClosesAt: inDatabaseTime('-1 second') });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText('Voting has closed'),
  ).toBeVisible();
  // Nothing was recorded for this nominee after the close: only the payment made before it.
  const recorded = await eventDb
    .select()
    .from(paymentVotes)
    .where(eq(paymentVotes.nominationId, nominee.nominations[0]!.id));
  expect(recorded).toHaveLength(1);
});

test('hidden counts leave no trending mark and no gap', async ({ page, eventDb }) => {
  const { category } = await trendingNominee(eventDb);
  await page.goto(`/category/${category.id}`);
  await expect(card(page).getByText(TEXT.en.trending)).toBeVisible();

  await setEvent(eventDb, { resultsVisibility: 'hidden' });
  await page.reload();
  await expect(card(page).getByRole('link', { name: TEXT.en.voteNow })).toBeVisible();
  await expect(card(page).getByText(TEXT.en.trending)).toHaveCount(0);
});

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
  eventDb: db,
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
    await inLanguage(page, 'fr');
    await expect(page.getByText(/^Les résultats seront annoncés le .+\.$/)).toBeVisible();

    await setEvent(db, { resultsPublishedAt: inDatabaseTime('0 seconds') });
    await page.reload();
    const region = page.getByRole('region', { name: category.nameFr! });
    await expect(region.getByText('Lauréat', { exact: true })).toBeVisible(FIRST_LOAD);
    await expect(region.getByText('42 votes')).toBeVisible();
    await region.scrollIntoViewIfNeeded();
    await inLanguage(page, 'en');
    const english = page.getByRole('region', { name: category.name });
    await expect(english.getByText('Winner', { exact: true })).toBeVisible();
    await expect(
      english.getByRole('list', { name: 'Ranking' }).getByText('Ama Fotso'),
    ).toBeVisible();
    await english.scrollIntoViewIfNeeded();
    // The header links the results once they are out, in the menu sheet on phones.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Results' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Results' })).toBeVisible();
  } finally {
    await restore();
  }
});

/** The event as the admin Event tab tests find it: open since yesterday, closing in 30 days. */
const adminEventSettings = () => ({
  timezone: 'Europe/Paris',
  votingOpensAt: inDatabaseTime('-1 day'),
  votingClosesAt: inDatabaseTime('30 days'),
  resultsPublishedAt: null,
});

test('admin Event tab: settings on the event clock, preview, validation, publish confirmation', async ({
  page,
  eventDb: db,
  signIn,
}) => {
  const restore = await keepEvent(db);
  try {
    await setEvent(db, adminEventSettings());
    await signIn('admin', { server: 'event' });
    await page.goto('/admin?tab=event');
    const form = page.getByRole('form', { name: 'Settings' });
    await expect(form.getByLabel('Event name', { exact: true })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText(/^Voting closes in (29|30) d \d\d:\d\d:\d\d$/)).toBeVisible();

    // A close before the opening is refused beside the field, before anything is sent.
    const closesDate = form.getByRole('textbox', { name: 'Voting closes Date', exact: true });
    const kept = await closesDate.inputValue();
    await closesDate.fill('2020-01-01');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Voting must close after it opens.')).toBeVisible();
    await expect(closesDate).toBeFocused();
    await closesDate.fill(kept);

    // A real save: counts hidden in the last 12 hours, then the row is put back below.
    await form.getByLabel('Hide counts before the close (hours)', { exact: true }).fill('12');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Unsaved changes')).toHaveCount(0);
    const [saved] = await db.select().from(editions).where(eq(editions.isCurrent, true));
    expect(saved?.hideCountsHoursBeforeClose).toBe(12);

    // Unsaved settings hold back a switch to another tab until the organiser decides.
    await form.getByLabel('Event name', { exact: true }).fill('Unsaved name');
    await page.getByRole('tab', { name: 'Activity' }).click();
    const unsaved = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
    await expect(unsaved).toBeVisible();
    await unsaved.getByRole('button', { name: 'Stay on Page' }).click();
    await expect(form.getByLabel('Event name', { exact: true })).toHaveValue('Unsaved name');
    await form.getByRole('button', { name: 'Discard changes' }).click();

    // Voting is open: the confirmation says so first, and offers to close it before publishing.
    await page.getByRole('button', { name: 'Publish results' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Voting is still open' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText(/^Voters can still pay until .+\. Publishing now ends voting/),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close voting now' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Publish and end voting' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await restore();
  }
});

test('admin Event tab in French: the countdown, and leaving unsaved settings', async ({
  page,
  eventDb: db,
  signIn,
}) => {
  const restore = await keepEvent(db);
  try {
    await setEvent(db, adminEventSettings());
    await signIn('admin', { server: 'event' });
    await page.goto('/admin?tab=event');
    await inLanguage(page, 'fr');
    const formFr = page.getByRole('form', { name: 'Paramètres' });
    await expect(formFr.getByLabel('Nom de l’événement', { exact: true })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText(/^Le vote se termine dans/)).toBeVisible();

    await formFr.getByLabel('Nom de l’événement', { exact: true }).fill('Nom non enregistré');
    await page.getByRole('tab', { name: 'Activité' }).click();
    const unsavedFr = page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });
    await expect(unsavedFr).toBeVisible();
    await unsavedFr.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=activity$/);
  } finally {
    await restore();
  }
});
