import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { createEdition, makeCurrentEdition } from '#test/factories/edition-factory';
import { currentEdition, publishWithLedger } from '#test/factories/event-factory';
import { createCompletedPayment } from '#test/factories/payment-factory';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { PastEditionsPage } from './past-editions-page';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp('pglite');
});
afterAll(() => testApp.close());
beforeEach(() => {
  routeFetchToApp(testApp.app);
});

/** A category of `editionId` whose nominees got these votes, as completed payments. */
async function categoryWithVotes(
  editionId: number,
  names: { name: string; nameFr: string },
  votes: Array<[artist: string, title: string | null, count: number]>,
) {
  const { db } = testApp.app.ctx;
  const category = await createCategory(db, { editionId, ...names });
  for (const [artist, title, count] of votes) {
    const { nominations } = await createNominee(db, {
      categoryIds: [category.id],
      artist: { name: artist },
      nomination: title ? { nominationTitle: title, nominationTitleFr: `${title} (FR)` } : {},
    });
    await createCompletedPayment(db, {
      votes: [{ nominationId: nominations[0]!.id, voteCount: count }],
      payment: { editionId },
    });
  }
}

describe('past editions page', () => {
  it('says there is no past edition yet while the current one is the only one', async () => {
    await renderScreen(<PastEditionsPage />, { path: '/editions' });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'No past editions yet' },
        // The first render of the file loads the page's code and strings.
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Past editions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "See this year's categories" })).toHaveProperty(
      'pathname',
      '/categories',
    );
    expect(document.title).toBe('Past editions · Palmarès');
  });

  it('offers to try again when the list could not be loaded', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    const { user } = await renderScreen(<PastEditionsPage />, { path: '/editions' });
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    routeFetchToApp(testApp.app);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No past editions yet' })).toBeTruthy();
  });

  describe('with a published edition and one never published', () => {
    let published: { slug: string };
    let unpublished: { slug: string };
    beforeAll(async () => {
      const { db } = testApp.app.ctx;
      const edition = await createEdition(db, {
        slug: 'awards-2024',
        name: 'Awards 2024',
        nameFr: 'Palmarès 2024',
        timezone: 'UTC',
        votingOpensAt: new Date('2024-10-01T08:00:00Z'),
        votingClosesAt: new Date('2024-12-19T20:00:00Z'),
      });
      await categoryWithVotes(
        edition.id,
        { name: 'Best Male Artist', nameFr: 'Meilleur artiste masculin' },
        [
          ['Salatiel', null, 9],
          ['Tenor', 'Kaba Ngondo', 9],
          ['Locko', null, 4],
        ],
      );
      await categoryWithVotes(edition.id, { name: 'Best Group', nameFr: 'Meilleur groupe' }, [
        ['X-Maleya', null, 1234],
        ['Macase', null, 35],
      ]);
      // Published as the admin's button does, while it was the current edition.
      const current = await currentEdition(db);
      await makeCurrentEdition(db, edition.id);
      await publishWithLedger(db);
      await makeCurrentEdition(db, current);
      published = edition;
      const never = await createEdition(db, {
        slug: 'awards-2023',
        name: 'Awards 2023',
        nameFr: null,
        timezone: 'UTC',
        votingClosesAt: new Date('2023-12-16T20:00:00Z'),
      });
      await categoryWithVotes(never.id, { name: 'Best Video', nameFr: 'Meilleur clip' }, [
        ['Daphné', null, 12],
      ]);
      unpublished = never;
    });

    it('shows each edition, newest first, with its winners (ties together) and its links', async () => {
      await renderScreen(<PastEditionsPage />, { path: '/editions' });
      const regions = await screen.findAllByRole('region');
      expect(regions.map((region) => region.getAttribute('aria-labelledby'))).toEqual([
        `edition-${published.slug}`,
        `edition-${unpublished.slug}`,
      ]);

      const card = screen.getByRole('region', { name: 'Awards 2024' });
      expect(within(card).getByText('Voting from 1 Oct 2024 to 19 Dec 2024')).toBeTruthy();
      expect(within(card).getByText('Voting closed')).toBeTruthy();
      const winners = within(card).getByRole('list', { name: 'Winners of Awards 2024' });
      const [male, group] = within(winners).getAllByRole('listitem');
      expect(within(male!).getByRole('heading', { name: 'Best Male Artist' })).toBeTruthy();
      expect(within(male!).getByText('Tie')).toBeTruthy();
      expect(within(male!).getByText('Salatiel')).toBeTruthy();
      expect(within(male!).getByText('Kaba Ngondo')).toBeTruthy();
      expect(within(male!).getByText('Tenor')).toBeTruthy();
      expect(within(male!).getAllByText('9 votes')).toHaveLength(2);
      expect(within(male!).queryByText('Locko')).toBeNull();
      expect(within(group!).getByText('X-Maleya')).toBeTruthy();
      expect(within(group!).getByText('1,234 votes')).toBeTruthy();
      expect(within(group!).queryByText('Tie')).toBeNull();
      expect(
        within(card).getByRole('link', { name: 'See results for Awards 2024' }),
      ).toHaveProperty('pathname', '/e/awards-2024/results');
      expect(
        within(card).getByRole('link', { name: 'Browse nominees for Awards 2024' }),
      ).toHaveProperty('pathname', '/e/awards-2024/categories');

      const never = screen.getByRole('region', { name: 'Awards 2023' });
      expect(within(never).getByText('Voting until 16 Dec 2023')).toBeTruthy();
      expect(
        within(never).getByText('The results of this edition were not published.'),
      ).toBeTruthy();
      expect(within(never).queryByRole('list')).toBeNull();
      expect(within(never).queryByText(/votes?$/)).toBeNull();
      expect(within(never).queryByText('Daphné')).toBeNull();
      expect(within(never).queryByRole('link', { name: /results/ })).toBeNull();
      expect(
        within(never).getByRole('link', { name: 'Browse nominees for Awards 2023' }),
      ).toHaveProperty('pathname', '/e/awards-2023/categories');
    });

    it('reads in French: French names when they exist, French dates and numbers', async () => {
      await renderScreen(<PastEditionsPage />, { path: '/editions', language: 'fr' });
      const card = await screen.findByRole('region', { name: 'Palmarès 2024' });
      expect(screen.getByRole('heading', { level: 1, name: 'Éditions précédentes' })).toBeTruthy();
      expect(document.title).toBe('Éditions précédentes · Palmarès');
      expect(within(card).getByText('Vote du 1 oct. 2024 au 19 déc. 2024')).toBeTruthy();
      expect(within(card).getByText('Vote clos')).toBeTruthy();
      const winners = within(card).getByRole('list', { name: 'Lauréats de Palmarès 2024' });
      const [male, group] = within(winners).getAllByRole('listitem');
      expect(
        within(male!).getByRole('heading', { name: 'Meilleur artiste masculin' }),
      ).toBeTruthy();
      expect(within(male!).getByText('Ex æquo')).toBeTruthy();
      expect(within(male!).getByText('Kaba Ngondo (FR)')).toBeTruthy();
      expect(within(group!).getByText(/^1\s234 votes$/)).toBeTruthy();
      expect(
        within(card).getByRole('link', { name: 'Voir les résultats de Palmarès 2024' }),
      ).toBeTruthy();
      // No French name: the English one.
      const never = screen.getByRole('region', { name: 'Awards 2023' });
      expect(
        within(never).getByText('Les résultats de cette édition n’ont pas été publiés.'),
      ).toBeTruthy();
      expect(within(never).getByText('Vote jusqu’au 16 déc. 2023')).toBeTruthy();
    });
  });
});
