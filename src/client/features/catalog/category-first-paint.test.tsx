import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/limits';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { call } from '#test/support/call-app';
import { resetEvent, setEvent } from '#test/factories/event-factory';
import { routeEventSourceToApp, type EventSourceToApp } from '#test/support/event-source-to-app';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { closeSharedEventSources } from '#client/lib/shared-event-source';
import { CategoryView } from './category-view';

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
const NOW = Date.parse('2026-03-10T12:00:00Z');

/** jsdom's ArrayBuffer breaks Fastify's pre-encoded answers (see live-counts.test.tsx). */
const NodeArrayBuffer = Buffer.alloc(1).buffer.constructor;

beforeAll(async () => {
  // The app serves its page from a built client: here, just the page itself.
  const clientDir = await mkdtemp(path.join(tmpdir(), 'palmares-page-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
  );
  testApp = await createTestApp('pglite', {}, { clientDir });
  await rm(clientDir, { recursive: true, force: true });
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
  await createNominee(db, { categoryIds: [pictured] });
  await createNominee(db, { categoryIds: [pictured, plain] });
});
afterAll(() => testApp.close());

beforeEach(async () => {
  // The server's clock and the page's are one clock here, so both write the same countdown.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.stubGlobal('ArrayBuffer', NodeArrayBuffer);
  await resetEvent(testApp.app.ctx.db);
  testApp.app.ctx.events.emit('event-changed');
  streams = await routeEventSourceToApp(testApp.app, routeFetchToApp(testApp.app));
});
afterEach(() => {
  closeSharedEventSources();
  streams.closeAll();
  vi.useRealTimers();
});

/**
 * An element as the phone would lay it out: its name, attributes (the style as parsed) and
 * children. An icon is its frame: the server leaves the strokes, and lucide's own class names, to
 * the client.
 */
function shapeOf(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const attributes = Object.fromEntries(
    [...node.attributes]
      .filter((a) => a.name !== 'style')
      .map((a) => [
        a.name,
        a.name === 'class' && node.localName === 'svg'
          ? a.value
              .split(' ')
              .filter((c) => !c.startsWith('lucide'))
              .join(' ')
          : a.value,
      ]),
  );
  const style = node instanceof HTMLElement ? node.style.cssText : '';
  const children = node.localName === 'svg' ? [] : [...node.childNodes].map(shapeOf);
  return { name: node.localName, attributes, style, children };
}

/** The element without its children: the server leaves the header's contents to the client. */
const frameOf = (element: Element | null) =>
  element ? { ...(shapeOf(element) as object), children: undefined } : null;

/** The event as a test needs it, told to the app's cached copy. */
async function eventIs(change: Parameters<typeof setEvent>[1]) {
  await setEvent(testApp.app.ctx.db, change);
  testApp.app.ctx.events.emit('event-changed');
}

async function compare(categoryId: string, language: Language) {
  const page = await call<string>(testApp.app, {
    url: `/category/${categoryId}`,
    headers: { cookie: `palmares.language=${language}` },
  });
  const drawn = document.createElement('div');
  drawn.innerHTML = /<div id="root">(.*)<\/div><\/body>/s.exec(page.body)?.[1] ?? '';

  const { container } = await renderScreen(<CategoryView categoryId={categoryId} />, {
    path: `/category/${categoryId}`,
    language,
  });
  await screen.findByRole('heading', { level: 1 });
  const screenPage = container.firstElementChild;

  expect(frameOf(screenPage)).toEqual(frameOf(drawn.firstElementChild));
  expect(frameOf(screenPage?.querySelector(':scope > header') ?? null)).toEqual(
    frameOf(drawn.querySelector('div > header')),
  );
  expect(frameOf(screenPage?.querySelector(':scope > header > div') ?? null)).toEqual(
    frameOf(drawn.querySelector('header > div')),
  );
  expect(frameOf(screenPage?.querySelector(':scope > main') ?? null)).toEqual(
    frameOf(drawn.querySelector('div > main')),
  );
  // Only the hero under the page's main landmark, in both.
  expect(drawn.querySelector('main')?.children).toHaveLength(1);
  // Once the event has arrived too: the countdown is part of the hero.
  await waitFor(() =>
    expect(shapeOf(screenPage!.querySelector('main > section')!)).toEqual(
      shapeOf(drawn.querySelector('main > section')!),
    ),
  );
}

describe("the server's first paint of a category link", () => {
  it('is the hero the page draws, in English and in French', async () => {
    await eventIs({ votingClosesAt: new Date(NOW + 3 * 86_400_000 + 5000) });
    await compare(pictured, 'en');
    await compare(pictured, 'fr');
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
