import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { resetEvent, setEvent } from '#test/factories/event-factory';
import { createCompletedPayment } from '#test/factories/payment-factory';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { CategoryResults } from './category-results';
import { ResultsPage } from './results-page';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp('pglite');
  const { db } = testApp.app.ctx;
  const category = await createCategory(db, {
    name: 'Best Male Artist',
    nameFr: 'Meilleur artiste masculin',
  });
  const votes: Array<[string, string | null, number]> = [
    ['Salatiel', null, 9],
    ['Tenor', 'Kaba Ngondo', 9],
    ['Locko', null, 4],
  ];
  for (const [name, title, count] of votes) {
    const { nominations } = await createNominee(db, {
      categoryIds: [category.id],
      artist: { name },
      nomination: title ? { nominationTitle: title, nominationTitleFr: `${title} (FR)` } : {},
    });
    await createCompletedPayment(db, {
      votes: [{ nominationId: nominations[0]!.id, voteCount: count }],
    });
  }
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await resetEvent(testApp.app.ctx.db);
  routeFetchToApp(testApp.app);
});

/** The event as the organiser left it; the app's cached copy is told, as a save would. */
async function eventIs(change: Parameters<typeof setEvent>[1]) {
  await setEvent(testApp.app.ctx.db, change);
  testApp.app.ctx.events.emit('event-changed');
}

describe('results page', () => {
  it('before publication, says when results come, on the event clock', async () => {
    await eventIs({
      timezone: 'Africa/Douala',
      votingClosesAt: new Date('2026-12-19T19:00:00Z'),
    });
    await renderScreen(<ResultsPage />, { path: '/results' });
    expect(
      await screen.findByText(
        /^Results will be announced on Saturday,? 19 December 2026 at 20:00 GMT\+1\.$/,
        {},
        // The first render of the file loads the page's code and strings.
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Winner')).toBeNull();
  });

  it('before publication without a close, says soon, in French too', async () => {
    await renderScreen(<ResultsPage />, { path: '/results', language: 'fr' });
    expect(await screen.findByText('Les résultats seront annoncés prochainement.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Résultats' })).toBeTruthy();
  });

  it('after publication, shows tied winners, then the ranking with counts', async () => {
    await eventIs({ resultsPublishedAt: new Date('2026-12-19T21:00:00Z'), timezone: 'UTC' });
    await renderScreen(<ResultsPage />, { path: '/results' });
    const category = await screen.findByRole('region', { name: 'Best Male Artist' });
    const winners = within(category).getByRole('list', { name: 'Winners, tied' });
    expect(within(winners).getByText('Salatiel')).toBeTruthy();
    expect(within(winners).getByText('Kaba Ngondo')).toBeTruthy();
    expect(within(winners).getByText('Tenor')).toBeTruthy();
    expect(within(winners).getAllByText('Joint winner')).toHaveLength(2);
    expect(within(winners).getAllByText('9 votes')).toHaveLength(2);
    const ranking = within(category).getByRole('list', { name: 'Ranking' });
    expect(within(ranking).getByText('Locko')).toBeTruthy();
    expect(within(ranking).getByText('4 votes')).toBeTruthy();
    expect(within(ranking).getByText('Rank')).toBeTruthy();
    expect(screen.getByText(/Announced on Saturday,? 19 December 2026 at 21:00 UTC/)).toBeTruthy();
  });

  it('after publication in French: French category and titles, French numbers', async () => {
    await eventIs({ resultsPublishedAt: new Date('2026-12-19T21:00:00Z'), timezone: 'UTC' });
    await renderScreen(<ResultsPage />, { path: '/results', language: 'fr' });
    const category = await screen.findByRole('region', { name: 'Meilleur artiste masculin' });
    expect(within(category).getByText('Kaba Ngondo (FR)')).toBeTruthy();
    expect(within(category).getAllByText('Lauréat ex æquo')).toHaveLength(2);
    expect(within(category).getByText('Classement')).toBeTruthy();
    expect(screen.getByText(/Annoncés le samedi 19 décembre 2026 à 21:00 UTC/)).toBeTruthy();
  });

  it('keeps the published counts and lists the changes since apart, in both languages', async () => {
    const nominee = {
      photoUrl: null,
      nominationTitle: null,
      nominationTitleFr: null,
    };
    const category = {
      categoryId: 'c1',
      name: 'Best Group',
      nameFr: 'Meilleur groupe',
      nominees: [
        {
          ...nominee,
          nominationId: 'n1',
          artistName: 'X-Maleya',
          voteCount: 37,
          changeSincePublication: -2,
          rank: 1,
        },
        {
          ...nominee,
          nominationId: 'n2',
          artistName: 'Macase',
          voteCount: 35,
          changeSincePublication: 1,
          rank: 2,
        },
        {
          ...nominee,
          nominationId: 'n3',
          artistName: 'Zangalewa',
          voteCount: 3,
          changeSincePublication: 0,
          rank: 3,
        },
      ],
    };
    const { unmount } = await renderScreen(<CategoryResults category={category} />);
    const changes = await screen.findByRole('list', { name: 'Changed since publication' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['X-Maleya2 votes taken back, 35 now', 'Macase1 vote added, 36 now']);
    const winners = screen.getByRole('list', { name: 'Winner' });
    expect(within(winners).getByText('37 votes')).toBeTruthy();
    unmount();

    await renderScreen(<CategoryResults category={category} />, { language: 'fr' });
    const modifies = await screen.findByRole('list', { name: 'Modifié depuis la publication' });
    expect(within(modifies).getAllByRole('listitem')[0]!.textContent).toBe(
      'X-Maleya2 votes retirés, 35 désormais',
    );
  });
});
