import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { resetEvent } from '#test/factories/event-factory';
import { createCompletedPayment } from '#test/factories/payment-factory';
import { routeEventSourceToApp, type EventSourceToApp } from '#test/support/event-source-to-app';
import { routeFetchToApp, type FetchToApp } from '#test/support/fetch-to-app';
import { useNodeArrayBuffer } from '#test/support/node-array-buffer';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { closeSharedEventSources } from '#client/lib/shared-event-source';
import { CategoriesPage } from './categories-page';
import { CategoryView } from './category-view';

/*
 * The public pages against the real app: its live stream (GET /api/live, read over a loopback
 * socket by test/support/event-source-to-app.ts) and its catalogue (through fetch-to-app).
 * Payments settle through settle() with the app's events, as a provider's report would.
 */

let testApp: TestApp;
let categoryId: string;
let salatielNomination: string;
let network: FetchToApp;
let streams: EventSourceToApp;

beforeAll(async () => {
  testApp = await createTestApp('pglite');
  const { db } = testApp.app.ctx;
  categoryId = (await createCategory(db, { name: 'Best Male Artist', nameFr: 'Meilleur artiste' }))
    .id;
  const salatiel = await createNominee(db, {
    categoryIds: [categoryId],
    artist: { name: 'Salatiel' },
  });
  const tenor = await createNominee(db, { categoryIds: [categoryId], artist: { name: 'Tenor' } });
  salatielNomination = salatiel.nominations[0]!.id;
  await createCompletedPayment(db, { votes: [{ nominationId: salatielNomination, voteCount: 3 }] });
  await createCompletedPayment(db, {
    votes: [{ nominationId: tenor.nominations[0]!.id, voteCount: 998 }],
  });
});
afterAll(() => testApp.close());

beforeEach(async () => {
  useNodeArrayBuffer();
  await resetEvent(testApp.app.ctx.db);
  network = routeFetchToApp(testApp.app);
  streams = await routeEventSourceToApp(testApp.app, network);
});
afterEach(() => {
  closeSharedEventSources();
  streams.closeAll();
});

/** A mobile-money payment for Salatiel, settled and announced as a provider's report would be. */
async function voteForSalatiel(votes: number) {
  const { db, events } = testApp.app.ctx;
  await createCompletedPayment(db, {
    votes: [{ nominationId: salatielNomination, voteCount: votes }],
    events,
  });
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

async function streamOpen() {
  await waitFor(() => expect(streams.openCount()).toBe(1));
}

describe('live counts on the category page', () => {
  it('a settled payment updates the nominee, the category total and nothing moves', async () => {
    await renderScreen(<CategoryView categoryId={categoryId} />, {
      path: `/category/${categoryId}`,
    });
    await screen.findByText('3', {}, { timeout: 5000 });
    await streamOpen();
    const count = within(card('Salatiel')).getByTestId('vote-count');
    expect(count.textContent).toBe('3 votes');
    const order = screen
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-labelledby'));

    await voteForSalatiel(4);

    await waitFor(() => expect(count.textContent).toBe('7 votes'), { timeout: 3000 });
    // The same element, changed in place, in the same place.
    expect(within(card('Salatiel')).getByTestId('vote-count')).toBe(count);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(
      order,
    );
    // The hero's total is the sum of the category's nominations, as the server sums it.
    const hero = screen.getByRole('region', { name: 'Best Male Artist' });
    await waitFor(() =>
      expect(within(hero).getByTestId('vote-count').textContent).toBe('1,005 votes'),
    );
    // Nothing was fetched again for it.
    expect(network.requests.filter((r) => r.url.startsWith('/api/nominations'))).toHaveLength(1);
  });

  it('a tab shown again after a while in the background reconnects and catches up from the snapshot', async () => {
    await renderScreen(<CategoryView categoryId={categoryId} />, {
      path: `/category/${categoryId}`,
      language: 'fr',
    });
    await screen.findByText('Salatiel', {}, { timeout: 5000 });
    await streamOpen();
    const count = within(card('Salatiel')).getByTestId('vote-count');
    const before = Number(count.textContent?.replace(/\D/g, ''));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    setVisibility('hidden');
    vi.advanceTimersByTime(20_000);
    await waitFor(() => expect(streams.openCount()).toBe(0));
    vi.useRealTimers();

    await voteForSalatiel(2);
    setVisibility('visible');
    await streamOpen();
    await waitFor(() => expect(count.textContent).toBe(`${before + 2} votes`), { timeout: 3000 });
    expect(within(card('Salatiel')).getByTestId('vote-count')).toBe(count);
    // A new stream, not a resumed one: the server answers it with a snapshot.
    expect(streams.opened.at(-1)).toEqual({ url: '/api/live', lastEventId: undefined });
  });

  it('a dropped stream reconnects with the last event id and catches up', async () => {
    await renderScreen(<CategoryView categoryId={categoryId} />, {
      path: `/category/${categoryId}`,
    });
    await screen.findByText('Salatiel', {}, { timeout: 5000 });
    await streamOpen();
    const count = within(card('Salatiel')).getByTestId('vote-count');
    const before = Number(count.textContent?.replace(/\D/g, ''));
    await voteForSalatiel(1);
    await waitFor(() => expect(count.textContent).toBe(`${before + 1} votes`), { timeout: 3000 });

    streams.dropAll();
    await voteForSalatiel(5);
    await waitFor(() => expect(count.textContent).toBe(`${before + 6} votes`), { timeout: 3000 });
    expect(streams.opened.length).toBe(2);
    expect(streams.opened[1]!.lastEventId).toBeTruthy();
  });
});

describe('live counts on the categories page', () => {
  it('the category total follows, though the list does not say which nominees a category holds', async () => {
    await renderScreen(<CategoriesPage />);
    const list = await screen.findByRole('list', { name: 'Award categories' }, { timeout: 5000 });
    await streamOpen();
    const count = within(list).getByTestId('vote-count');
    const before = Number(count.textContent?.replace(/\D/g, ''));
    await voteForSalatiel(3);
    await waitFor(() => expect(Number(count.textContent?.replace(/\D/g, ''))).toBe(before + 3), {
      timeout: 3000,
    });
  });
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}
