import { waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/limits';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { createEdition } from '#test/factories/edition-factory';
import {
  inDatabaseTime,
  publishWithLedger,
  resetEvent,
  setEvent,
} from '#test/factories/event-factory';
import { call } from '#test/support/call-app';
import {
  createAppDrawingPages,
  hydrateDrawnPage,
  openDrawnPage,
  type HydratedPage,
} from '#test/support/drawn-page';
import { routeEventSourceToApp, type EventSourceToApp } from '#test/support/event-source-to-app';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { useNodeArrayBuffer } from '#test/support/node-array-buffer';
import type { TestApp } from '#test/support/test-app';
import { holdEarlyTaps } from '#client/lib/early-taps';
import { closeSharedEventSources } from '#client/lib/shared-event-source';

/*
 * Every public page is drawn on the server by the client's own components, and the browser's
 * first render takes those elements over. A mismatch between the two (a text, an attribute, an
 * element) fails here: React reports it as a recoverable error, or in development as a console
 * error (which fails any test), and the page would be painted twice on the voter's phone.
 */

let testApp: TestApp;
let streams: EventSourceToApp;
let hydrated: HydratedPage | undefined;
const pages: Record<string, string> = {};

beforeAll(async () => {
  useNodeArrayBuffer();
  testApp = await createAppDrawingPages();
  const { db } = testApp.app.ctx;
  const pictured = await createCategory(db, {
    name: 'Best Bikutsi & <Co>',
    nameFr: 'Meilleur bikutsi',
    description: 'From Yaoundé.',
    descriptionFr: 'De Yaoundé.',
    icon: 'fa-solid fa-music',
    backgroundImageUrl: '/demo/categories/artist-of-the-year.jpg',
    backgroundColor: '#1E1B4B',
  });
  const plain = await createCategory(db, {
    name: 'Revelation',
    nameFr: '',
    description: null,
    descriptionFr: null,
    icon: null,
    backgroundColor: 'not a colour',
  });
  const withPhoto = await createNominee(db, { categoryIds: [pictured.id, plain.id] });
  const withoutPhoto = await createNominee(db, {
    categoryIds: [pictured.id],
    artist: { photoUrl: null },
  });
  const artist = await call(testApp.app, { url: `/api/artists/${withPhoto.artist.id}` });
  const bare = await call(testApp.app, { url: `/api/artists/${withoutPhoto.artist.id}` });
  const past = await createEdition(db, { name: 'Awards 2024', nameFr: 'Prix 2024' });
  await createCategory(db, { editionId: past.id });
  Object.assign(pages, {
    categories: '/categories',
    "a past edition's categories": `/e/${past.slug}/categories`,
    'a category with a picture': `/category/${pictured.id}`,
    'a category without picture or texts': `/category/${plain.id}`,
    'a share link': `/share/${withPhoto.nominations[0]!.shareableLink}`,
    checkout: `/checkout?artist=${encodeURIComponent(JSON.stringify(artist.body))}`,
    'checkout without a photo': `/checkout?artist=${encodeURIComponent(JSON.stringify(bare.body))}`,
    results: '/results',
    'my receipts': '/my-receipts',
  });
});
afterAll(() => testApp.close());

beforeEach(async () => {
  useNodeArrayBuffer();
  await resetEvent(testApp.app.ctx.db);
  testApp.app.ctx.events.emit('event-changed');
  streams = await routeEventSourceToApp(testApp.app, routeFetchToApp(testApp.app));
});
afterEach(() => {
  hydrated?.unmount();
  hydrated = undefined;
  closeSharedEventSources();
  streams.closeAll();
});

async function eventIs(change: Parameters<typeof setEvent>[1]) {
  await setEvent(testApp.app.ctx.db, change);
  testApp.app.ctx.events.emit('event-changed');
}

/** Draws `page` on the server, hydrates it, and checks the browser kept what was drawn. */
async function expectHydratedAsDrawn(page: string, language: Language) {
  const drawn = await openDrawnPage(testApp, pages[page]!, language);
  expect(drawn.data, `${page} is drawn by the server`).not.toBeNull();
  const heading = drawn.container.querySelector('h1');
  const main = drawn.container.querySelector('main');
  const text = main?.textContent;
  expect(heading, `${page} has its heading drawn`).not.toBeNull();

  hydrated = await hydrateDrawnPage(drawn);

  expect(hydrated.recoverableErrors, `${page} in ${language}`).toEqual([]);
  // The same elements, not copies drawn again in their place (the header then adds what depends
  // on a session, which the server never knows of).
  expect(drawn.container.querySelector('h1')).toBe(heading);
  expect(drawn.container.querySelector('main')).toBe(main);
  expect(main?.textContent).toBe(text);
  return drawn.container;
}

const PAGES = [
  'categories',
  'a category with a picture',
  'a category without picture or texts',
  'a share link',
  'checkout',
  'checkout without a photo',
  'results',
  'my receipts',
];

describe.each<Language>(['en', 'fr'])('a page drawn by the server, in %s', (language) => {
  it.each(PAGES)('%s, voting open, hydrates as drawn', async (page) => {
    await eventIs({ votingClosesAt: inDatabaseTime('3 days 5 seconds') });
    await expectHydratedAsDrawn(page, language);
  });

  it.each(['categories', 'a category with a picture', 'a share link'])(
    '%s, before voting opens, hydrates as drawn',
    async (page) => {
      await eventIs({ votingOpensAt: inDatabaseTime('1 hour') });
      await expectHydratedAsDrawn(page, language);
    },
  );

  it.each(['categories', 'a category with a picture', 'results'])(
    '%s, after voting closed with counts hidden, hydrates as drawn',
    async (page) => {
      await eventIs({
        votingOpensAt: inDatabaseTime('-2 days'),
        votingClosesAt: inDatabaseTime('-1 hour'),
        resultsVisibility: 'hidden',
      });
      await expectHydratedAsDrawn(page, language);
    },
  );

  it('results, published with their ledger, hydrate as drawn with the check of a vote', async () => {
    await eventIs({ votingClosesAt: inDatabaseTime('-1 hour') });
    await publishWithLedger(testApp.app.ctx.db);
    testApp.app.ctx.events.emit('event-changed');
    const page = await expectHydratedAsDrawn('results', language);
    const check = language === 'en' ? 'Check the count' : 'Vérifier le décompte';
    const headings = [...page.querySelectorAll('h2')].map((heading) => heading.textContent);
    expect(headings).toContain(check);
  });

  it("a past edition's page hydrates as drawn, with the banner that says which edition it is", async () => {
    const page = await expectHydratedAsDrawn("a past edition's categories", language);
    // Not yet opened, as it has no voting window: the banner says so, with its name.
    expect(page.textContent).toContain(language === 'en' ? 'Awards 2024 has not' : 'Prix 2024');
  });

  it('results, published before ledgers existed, hydrate as drawn with nothing to check', async () => {
    await eventIs({ resultsPublishedAt: inDatabaseTime('-1 hour') });
    const page = await expectHydratedAsDrawn('results', language);
    expect(page.querySelector('main h1')).not.toBeNull();
    expect(page.querySelector('a[href="/api/results/ledger"]')).toBeNull();
  });
});

it('answers a tap made before the page was taken over, once, when it has been', async () => {
  const drawn = await openDrawnPage(testApp, pages['a category with a picture']!, 'en');
  const taps = holdEarlyTaps(drawn.container);
  const share = drawn.container.querySelector<HTMLButtonElement>(
    'button[aria-label^="Share the nomination of"]',
  );
  // Tapped twice, as a voter does when the first tap seems to do nothing.
  share!.click();
  share!.click();
  const writeText = vi.fn((_text: string) => Promise.resolve());
  // jsdom is no secure context and has no clipboard; the page is served over HTTPS, where it has.
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  try {
    hydrated = await hydrateDrawnPage(drawn, taps);
    await waitFor(() => expect(writeText).toHaveBeenCalledOnce());
    expect(writeText.mock.calls[0]![0]).toMatch(/\/share\/[^/]+$/);
    expect(hydrated.recoverableErrors).toEqual([]);
  } finally {
    Reflect.deleteProperty(window, 'isSecureContext');
    Reflect.deleteProperty(navigator, 'clipboard');
  }
});

it('takes what was typed before the page was taken over, and the tap that sent it', async () => {
  const drawn = await openDrawnPage(testApp, pages['my receipts']!, 'en');
  const taps = holdEarlyTaps(drawn.container);
  const phone = drawn.container.querySelector<HTMLInputElement>('input[type="tel"]');
  phone!.value = '237695544447';
  phone!.dispatchEvent(new Event('input', { bubbles: true }));
  [...drawn.container.querySelectorAll('button')].find((b) => b.textContent === 'Search')!.click();
  hydrated = await hydrateDrawnPage(drawn, taps);
  await waitFor(() =>
    expect(drawn.container.textContent).toContain('We sent a 6-digit code to +237 695 544 447.'),
  );
  expect(hydrated.recoverableErrors).toEqual([]);
});

/** The checkout's nine phone boxes, and the digits they show. */
function phoneBoxes(container: HTMLElement) {
  const boxes = [...container.querySelectorAll<HTMLInputElement>('input[aria-label^="Digit "]')];
  return { boxes, shown: () => boxes.map((box) => box.value).join('') };
}

/** A voter's tap: a click the browser dispatches, not `click()`, which a nested `click()` skips. */
function tap(element: HTMLElement) {
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

/** A key pressed on the focused element, as a hardware keyboard sends it. */
function press(key: string) {
  const target = document.activeElement ?? document.body;
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

describe('a number typed while the checkout is taken over', () => {
  /** The voter typed 677 in the first box before the page's code arrived (one box, no code). */
  async function typedBeforeTakeover() {
    const drawn = await openDrawnPage(testApp, pages.checkout!, 'en');
    const taps = holdEarlyTaps(drawn.container);
    const phone = phoneBoxes(drawn.container);
    expect(phone.boxes).toHaveLength(9);
    phone.boxes[0]!.focus();
    phone.boxes[0]!.value = '677';
    return { drawn, taps, phone };
  }

  it('keeps the digits typed before, and the key pressed just after', async () => {
    const { drawn, taps, phone } = await typedBeforeTakeover();
    hydrated = await hydrateDrawnPage(drawn, taps);
    press('1');
    await waitFor(() => expect(phone.shown()).toBe('6771'));
    expect(hydrated.recoverableErrors).toEqual([]);
  });

  it('keeps the digits typed before, and the key that made React take the page over', async () => {
    const { drawn, taps, phone } = await typedBeforeTakeover();
    // The key arrives while React is still taking the page over in slices: React finishes at
    // once to answer it, then gives it the key.
    hydrated = await hydrateDrawnPage(drawn, taps, () => press('1'));
    press('2');
    await waitFor(() => expect(phone.shown()).toBe('67712'));
    expect(document.activeElement).toBe(phone.boxes[5]);
    expect(hydrated.recoverableErrors).toEqual([]);
  });
});

describe('a payment method chosen while the checkout is taken over', () => {
  const cardChoice = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement>('input[name="payment-method"][value="card"]')!;

  it.each([
    ['before', (card: HTMLInputElement) => tap(card), () => undefined],
    ['while React takes the page over', () => undefined, (card: HTMLInputElement) => tap(card)],
  ])('is the one the checkout pays with, chosen %s', async (_when, before, during) => {
    const drawn = await openDrawnPage(testApp, pages.checkout!, 'en');
    const taps = holdEarlyTaps(drawn.container);
    const card = cardChoice(drawn.container);
    expect(card.disabled).toBe(false);
    before(card);
    hydrated = await hydrateDrawnPage(drawn, taps, () => during(card));
    await waitFor(() => expect(phoneBoxes(drawn.container).boxes).toHaveLength(0));
    expect(cardChoice(drawn.container).checked).toBe(true);
    expect(hydrated.recoverableErrors).toEqual([]);
  });
});

it('leaves the admin to the browser', async () => {
  const page = await openDrawnPage(testApp, '/admin', 'en');
  expect(page.data).toBeNull();
  expect(page.container.innerHTML).toBe('');
});
