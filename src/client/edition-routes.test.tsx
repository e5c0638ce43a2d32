import { screen } from '@testing-library/react';
import { Router } from 'wouter';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createEdition } from '#test/factories/edition-factory';
import { routeFetchToApp, type FetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { AppRoutes } from './routes';

/*
 * An edition's own pages in the route table: another edition's results under /e/{slug}/, with
 * which edition it is; the not-found page for a slug no edition has, asked for once, not in a loop.
 * (The catalogue's answers are bytes made once, which jsdom's fetch cannot take: the browser tests
 * and the drawn pages' tests cover those screens under /e/{slug}/.)
 */
let testApp: TestApp;
let pastSlug: string;
let network: FetchToApp;
beforeAll(async () => {
  testApp = await createTestApp('pglite');
  const { db } = testApp.app.ctx;
  const past = await createEdition(db, {
    name: 'Awards 2019',
    nameFr: 'Prix 2019',
    timezone: 'UTC',
    votingOpensAt: new Date('2019-10-01T00:00:00Z'),
    votingClosesAt: new Date('2019-11-30T20:00:00Z'),
  });
  pastSlug = past.slug;
});
afterAll(() => testApp.close());
beforeEach(() => {
  network = routeFetchToApp(testApp.app);
});

const eventRequests = (slug: string) =>
  network.requests.filter((r) => r.url === `/api/event?edition=${slug}`).length;

it("shows another edition's results under its own address, saying which edition it is", async () => {
  await renderScreen(
    <Router>
      <AppRoutes />
    </Router>,
    { path: `/e/${pastSlug}/results`, language: 'fr' },
  );
  expect(
    await screen.findByText(
      'Les résultats seront annoncés le samedi 30 novembre 2019 à 20:00 UTC.',
      undefined,
      {
        timeout: 10_000,
      },
    ),
  ).toBeTruthy();
  expect(screen.getByText('Prix 2019 est une édition passée : le vote est clos.')).toBeTruthy();
  expect(screen.getByRole('link', { name: "Voir l'édition en cours" }).getAttribute('href')).toBe(
    '/categories',
  );
});

it('shows the not-found page for a slug no edition has, and asks for it no more than twice', async () => {
  await renderScreen(
    <Router>
      <AppRoutes />
    </Router>,
    { path: '/e/no-such-year/categories' },
  );
  expect(
    await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 10_000 }),
  ).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  expect(eventRequests('no-such-year')).toBeLessThanOrEqual(2);
});
