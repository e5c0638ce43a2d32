import { eventQuery } from './features/event';
import {
  categoryNominationsPath,
  categoryPath,
  shareLookupPath,
} from './features/catalog/api/catalog-paths';
import { fetchEarly } from './lib/api-client';
import { i18n } from './lib/i18n';
import { lazyScreen } from './lib/lazy-screen';
import { queryClient } from './lib/query-client';

/*
 * Only the category list is in the main bundle. Every other screen loads on demand; each file
 * exports a named component. Keep it that way: the first screen on a cheap phone over a slow
 * connection pays for every kilobyte here. Each loader reloads the page once if its chunk is gone
 * (a tab opened before the last deploy).
 */
export const categoryScreen = lazyScreen(
  () => import('./features/catalog/category-screen'),
  (m) => m.CategoryPage,
);
export const shareScreen = lazyScreen(
  () => import('./features/catalog/share-screen'),
  (m) => m.SharePage,
);
export const checkoutScreen = lazyScreen(
  () => import('./features/checkout/checkout-page'),
  (m) => m.CheckoutPage,
);
export const myReceiptsScreen = lazyScreen(
  () => import('./features/receipts/my-receipts-page'),
  (m) => m.MyReceiptsPage,
);
export const adminScreen = lazyScreen(
  () => import('./features/admin/admin-page'),
  (m) => m.AdminPage,
);
export const artistEditorScreen = lazyScreen(
  () => import('./features/admin/artist-editor-page'),
  (m) => m.ArtistEditorPage,
);
export const resultsScreen = lazyScreen(
  () => import('./features/results/results-page'),
  (m) => m.ResultsPage,
);
export const voterTrackingScreen = lazyScreen(
  () => import('./features/tracking/voter-tracking-page'),
  (m) => m.VoterTrackingPage,
);

/** An id or share link as it stands in a path, the same encoded or not. */
const SEGMENT = '([A-Za-z0-9_-]{1,100})';
const CATEGORY_PATH = new RegExp(`^/category/${SEGMENT}$`);
const SHARE_PATH = new RegExp(`^/share/${SEGMENT}$`);

/**
 * A link opened cold (shared on WhatsApp, a bookmark) needs its screen's code, that screen's
 * texts and its data. Left to React, each is asked for only once the one before has arrived: on
 * a slow phone network, a round trip each before the page can draw. Here the ones we know of are
 * all asked for at once, as soon as the main script runs (main.tsx; on a page the server drew,
 * once that has been painted).
 */
export function startLoadingScreen(pathname: string): void {
  // Only a head start: the screen's own load reports a failure (after one reload), not this one.
  const start = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  const category = CATEGORY_PATH.exec(pathname)?.[1];
  const share = SHARE_PATH.exec(pathname)?.[1];
  if (pathname === '/categories' || pathname === '/') {
    fetchEarly('/api/categories');
  } else if (category) {
    start(categoryScreen.load);
    fetchEarly(categoryPath(category));
    fetchEarly(categoryNominationsPath(category));
  } else if (share) {
    start(shareScreen.load);
    start(categoryScreen.load);
    fetchEarly(shareLookupPath(share));
  } else if (pathname === '/checkout') {
    start(checkoutScreen.load);
    start(() => i18n.loadNamespaces(['checkout', 'receipts']));
    fetchEarly('/api/payment-config');
  } else if (pathname === '/results') {
    start(resultsScreen.load);
    start(() => i18n.loadNamespaces('results'));
    fetchEarly('/api/results');
  } else if (pathname === '/my-receipts') {
    start(myReceiptsScreen.load);
    start(() => i18n.loadNamespaces('receipts'));
  } else {
    return;
  }
  // The header of every voter's screen shows the voting window.
  fetchEarly('/api/event');
}

/** The longest the page's first render waits over a screen the server drew. */
const FIRST_PAINT_WAIT_MS = 8000;

/**
 * What a screen the server drew (ADR 0063) needs before the page's first render: its code, its
 * texts and the answers its drawn part shows, so that render draws the screen itself into those
 * elements, keeping what the phone has already painted, rather than a loading state in their
 * place. A failure or a very slow answer ends the wait: the screen then renders as it would have,
 * and reports what went wrong.
 */
function drawnScreenNeeds(pathname: string): Promise<unknown> | null {
  const category = CATEGORY_PATH.exec(pathname)?.[1];
  if (category) {
    return Promise.all([
      categoryScreen.load().then((m) => m.prefetchCategoryScreen(category)),
      queryClient.prefetchQuery(eventQuery()),
    ]);
  }
  const share = SHARE_PATH.exec(pathname)?.[1];
  if (share) {
    return Promise.all([
      shareScreen.load().then((m) => m.prefetchShareScreen(share)),
      queryClient.prefetchQuery(eventQuery()),
    ]);
  }
  if (pathname === '/checkout') {
    return Promise.all([checkoutScreen.load(), i18n.loadNamespaces(['checkout', 'receipts'])]);
  }
  return null;
}

/** Resolves when the page's first render may hydrate the screen the server drew. */
export function firstScreenReady(pathname: string): Promise<unknown> {
  const needs = drawnScreenNeeds(pathname);
  if (!needs) return Promise.resolve();
  const cap = new Promise((resolve) => window.setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  return Promise.race([needs.catch(() => undefined), cap]);
}
