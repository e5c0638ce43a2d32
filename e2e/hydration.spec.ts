import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Db } from '#server/db/client.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { inDatabaseTime, resetEvent, setEvent } from '#test/factories/event-factory.js';
import { EVENT_BASE_URL, FIRST_LOAD, expect, setLanguage, test } from './fixtures.js';

/*
 * Every public page arrives drawn by the server (the client's components through react-dom/server)
 * and the page's React takes those elements over. Any hydration mismatch is a console error or a
 * page error in the built app, which fails the test (fixtures.ts): both languages, a category with
 * a picture and one without, a nominee with a photo and one without, voting open, not yet open,
 * and closed with its counts hidden. On the event server, which these tests move.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: EVENT_BASE_URL });

/** The public pages, by the two halves a test opens: the catalogue's, and the others. */
async function publicPages(
  db: Db,
  request: APIRequestContext,
): Promise<Record<'catalogue' | 'checkout, results and receipts', string[]>> {
  const suffix = randomUUID().slice(0, 8);
  const pictured = await createCategory(db, {
    name: `Drawn ${suffix}`,
    nameFr: `Dessiné ${suffix}`,
    backgroundImageUrl: '/demo/categories/artist-of-the-year.jpg',
  });
  const plain = await createCategory(db, { name: `Plain ${suffix}`, backgroundImageUrl: null });
  const withPhoto = await createNominee(db, { categoryIds: [pictured.id, plain.id] });
  const withoutPhoto = await createNominee(db, {
    categoryIds: [plain.id],
    artist: { photoUrl: null },
  });
  const checkout = async (artistId: string) => {
    const artist: unknown = await (await request.get(`/api/artists/${artistId}`)).json();
    return `/checkout?artist=${encodeURIComponent(JSON.stringify(artist))}`;
  };
  return {
    catalogue: [
      '/categories',
      `/category/${pictured.id}`,
      `/category/${plain.id}`,
      `/share/${withPhoto.nominations[0]!.shareableLink}`,
    ],
    'checkout, results and receipts': [
      await checkout(withPhoto.artist.id),
      await checkout(withoutPhoto.artist.id),
      '/results',
      '/my-receipts',
    ],
  };
}

/** Opens `path` cold and waits until the page's React holds the heading the server drew. */
async function openHydrated(page: Page, path: string) {
  const drawn = await page.request.get(path);
  expect(await drawn.text(), `${path} arrives drawn`).toContain('id="page-data"');
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await heading.evaluate((element) => Reflect.set(element, 'drawnByServer', true));
  // React keeps its fiber on each element it took over: the heading the server sent is now the
  // page's own, not a copy drawn in its place.
  await expect
    .poll(
      () =>
        heading.evaluate(
          (element) =>
            Reflect.get(element, 'drawnByServer') === true &&
            Object.keys(element).some((key) => key.startsWith('__reactFiber')),
        ),
      FIRST_LOAD,
    )
    .toBe(true);
}

const STATES = {
  'voting open': { votingClosesAt: inDatabaseTime('2 days') },
  'before voting opens': { votingOpensAt: inDatabaseTime('1 hour') },
  'voting closed, counts hidden': {
    votingOpensAt: inDatabaseTime('-2 days'),
    votingClosesAt: inDatabaseTime('-1 hour'),
    resultsVisibility: 'hidden' as const,
  },
};

test.afterEach(async ({ eventDb }) => {
  await resetEvent(eventDb);
});

for (const language of ['en', 'fr'] as const) {
  for (const [state, change] of Object.entries(STATES)) {
    for (const half of ['catalogue', 'checkout, results and receipts'] as const) {
      test(`the ${half} pages hydrate as drawn, ${state} (${language})`, async ({
        page,
        eventDb,
      }) => {
        const paths = (await publicPages(eventDb, page.request))[half];
        await setEvent(eventDb, change);
        await page.goto('/categories');
        await setLanguage(page, language);
        for (const path of paths) await openHydrated(page, path);
      });
    }
  }
}
