import { within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route } from 'wouter';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it, vi } from 'vitest';
import type { Language } from '#shared/limits';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { resetEvent, setEvent } from '#test/factories/event-factory';
import { routeEventSourceToApp, type EventSourceToApp } from '#test/support/event-source-to-app';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import {
  createAppServingPages,
  drawnRoot,
  expectSameFirstPaint,
} from '#test/support/first-paint-check';
import { useNodeArrayBuffer } from '#test/support/node-array-buffer';
import { renderScreen } from '#test/support/render-screen';
import type { TestApp } from '#test/support/test-app';
import { closeSharedEventSources } from '#client/lib/shared-event-source';
import { CategoryView } from './category-view';
import { SharePage } from './share-page';

/*
 * A category link opened cold comes with its header bar and hero drawn by the server
 * (category-first-paint.ts), and the client's first render lands on those same elements. This
 * renders the client's screen against the real app and compares it with what the server drew: a
 * failure here is a change to the hero, its texts or its classes that the server's copy has not
 * followed. Copy it there, or the phone paints the hero twice.
 */

let testApp: TestApp;
let streams: EventSourceToApp;
let pictured: string;
let plain: string;
let sharedLink: string;
const NOW = Date.parse('2026-03-10T12:00:00Z');

beforeAll(async () => {
  testApp = await createAppServingPages();
  const { db } = testApp.app.ctx;
  pictured = (
    await createCategory(db, {
      name: 'Best Bikutsi & <Co>',
      nameFr: 'Meilleur bikutsi',
      description: 'From Yaoundé.',
      descriptionFr: 'De Yaoundé.',
      icon: 'fa-solid fa-music',
      backgroundImageUrl: '/demo/categories/artist-of-the-year.jpg',
      backgroundColor: '#1E1B4B',
    })
  ).id;
  plain = (
    await createCategory(db, {
      name: 'Revelation',
      nameFr: '',
      description: null,
      descriptionFr: null,
      icon: null,
      backgroundColor: 'not a colour',
    })
  ).id;
  sharedLink = (await createNominee(db, { categoryIds: [pictured] })).nominations[0]!.shareableLink;
  await createNominee(db, { categoryIds: [pictured, plain] });
});
afterAll(() => testApp.close());

beforeEach(async () => {
  // The server's clock and the page's are one clock here, so both write the same countdown.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  useNodeArrayBuffer();
  await resetEvent(testApp.app.ctx.db);
  testApp.app.ctx.events.emit('event-changed');
  streams = await routeEventSourceToApp(testApp.app, routeFetchToApp(testApp.app));
});
afterEach(() => {
  closeSharedEventSources();
  streams.closeAll();
  vi.useRealTimers();
});

/** The event as a test needs it, told to the app's cached copy. */
async function eventIs(change: Parameters<typeof setEvent>[1]) {
  await setEvent(testApp.app.ctx.db, change);
  testApp.app.ctx.events.emit('event-changed');
}

async function compare(categoryId: string, language: Language) {
  await compareAt(`/category/${categoryId}`, <CategoryView categoryId={categoryId} />, language);
}

async function compareAt(path: string, screen: ReactElement, language: Language) {
  const drawn = await drawnRoot(testApp, path, language);
  const { container } = await renderScreen(screen, { path, language });
  await within(container).findByRole('heading', { level: 1 });
  // Once the event has arrived too: the countdown is part of the hero.
  await expectSameFirstPaint(container.firstElementChild, drawn);
}

describe("the server's first paint of a category link", () => {
  it('is the hero the page draws, in English and in French', async () => {
    await eventIs({ votingClosesAt: new Date(NOW + 3 * 86_400_000 + 5000) });
    await compare(pictured, 'en');
    await compare(pictured, 'fr');
  });

  it("is a share link's compact hero, as the share screen draws it", async () => {
    await eventIs({ votingClosesAt: new Date(NOW + 86_400_000) });
    await compareAt(
      `/share/${sharedLink}`,
      <Route path="/share/:link" component={SharePage} />,
      'fr',
    );
  });

  it('matches without a picture, a description, an icon or a French name', async () => {
    await eventIs({ votingOpensAt: new Date(NOW + 3_600_000) });
    await compare(plain, 'fr');
  });

  it('matches once voting has closed and while the counts are hidden', async () => {
    await eventIs({
      votingClosesAt: new Date(NOW - 1000),
      resultsVisibility: 'hidden',
    });
    await compare(pictured, 'en');
  });
});
