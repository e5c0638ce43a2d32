import { categoryIdInPath, editionInPath, shareLinkInPath } from '#shared/page-paths';
import {
  categoryNominationsPath,
  categoryPath,
  shareLookupPath,
} from './features/catalog/api/catalog-paths';
import { fetchEarly } from './lib/api-client';
import { withEdition } from './lib/edition-scope';
import { FIRST_SCREEN_NAMESPACES } from './lib/first-screen-namespaces';
import { i18n } from './lib/i18n';
import { lazyScreen } from './lib/lazy-screen';
import { checkMyVote } from './features/results/check-my-vote-screen';
import { editionBanner } from './components/layout/edition-banner-screen';

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
  () => import('./features/admin/artists/artist-editor-page'),
  (m) => m.ArtistEditorPage,
);
export const resultsScreen = lazyScreen(
  () => import('./features/results/results-page'),
  (m) => m.ResultsPage,
);
export const pastEditionsScreen = lazyScreen(
  () => import('./features/editions/past-editions-page'),
  (m) => m.PastEditionsPage,
);
export const voterTrackingScreen = lazyScreen(
  () => import('./features/tracking/voter-tracking-page'),
  (m) => m.VoterTrackingPage,
);

/** Every screen's code, for the server, which draws any of them (entry-server.tsx). */
export function loadEveryScreen(): Promise<unknown> {
  return Promise.all(
    [
      categoryScreen,
      shareScreen,
      checkoutScreen,
      myReceiptsScreen,
      adminScreen,
      artistEditorScreen,
      resultsScreen,
      pastEditionsScreen,
      voterTrackingScreen,
    ]
      .map((screen): Promise<unknown> => screen.load())
      // The results page's check, drawn with it once the results are out; an edition's banner.
      .concat(checkMyVote.load(), editionBanner.load()),
  );
}

interface ScreenNeeds {
  /** The screen's code. */
  code: Array<() => Promise<unknown>>;
  /** Its texts beyond those in the main bundle. */
  namespaces: string[];
  /** The answers its first render reads (the server embeds them in a page it drew). */
  answers: string[];
}

/**
 * What the screen at `pathname` needs before it can draw, or null for the others. An edition's own
 * pages (`/e/{slug}/...`) need the same as the plain ones, their answers that edition's.
 */
function screenNeeds(pathname: string): ScreenNeeds | null {
  const scoped = editionInPath(pathname);
  const needs = pageNeeds(scoped?.page ?? pathname);
  if (!needs || !scoped) return needs;
  // The pages that are the site's, not an edition's, have no address under /e/{slug}/.
  if (scoped.page === '/my-receipts' || scoped.page === '/editions') return null;
  return {
    ...needs,
    code: [...needs.code, editionBanner.load],
    answers: needs.answers.map((path) =>
      path === '/api/payment-config' ? path : withEdition(path, scoped.slug),
    ),
  };
}

function pageNeeds(pathname: string): ScreenNeeds | null {
  const category = categoryIdInPath(pathname);
  const share = shareLinkInPath(pathname);
  if (pathname === '/categories' || pathname === '/') {
    return { code: [], namespaces: [], answers: ['/api/categories'] };
  }
  if (category) {
    return {
      code: [categoryScreen.load],
      namespaces: [],
      answers: [categoryPath(category), categoryNominationsPath(category)],
    };
  }
  if (share) {
    return {
      code: [shareScreen.load, categoryScreen.load],
      namespaces: [],
      answers: [shareLookupPath(share)],
    };
  }
  if (pathname === '/checkout') {
    return {
      code: [checkoutScreen.load],
      namespaces: ['checkout', 'receipts'],
      answers: ['/api/payment-config'],
    };
  }
  if (pathname === '/results') {
    return {
      code: [resultsScreen.load, checkMyVote.load],
      namespaces: ['results'],
      answers: ['/api/results'],
    };
  }
  if (pathname === '/editions') {
    return {
      code: [pastEditionsScreen.load],
      namespaces: ['editions'],
      answers: ['/api/editions/past'],
    };
  }
  if (pathname === '/my-receipts') {
    return { code: [myReceiptsScreen.load], namespaces: ['receipts'], answers: [] };
  }
  return null;
}

/**
 * Starts loading the screen's code and texts, with the texts every screen shows (header, footer,
 * category list); the head start is only that, never an error.
 */
function startCodeAndTexts(needs: ScreenNeeds | null): Promise<unknown> {
  return Promise.all([
    ...(needs?.code ?? []).map((load) => load()),
    i18n.loadNamespaces([...FIRST_SCREEN_NAMESPACES, ...(needs?.namespaces ?? [])]),
  ]).catch(() => undefined);
}

/**
 * A link opened cold needs its screen's code, that screen's texts and, on a page the server did
 * not draw, its data. Left to React, each is asked for only once the one before has arrived: on a
 * slow phone network, a round trip each before the page can draw. Here they are all asked for at
 * once, as soon as the main script runs (main.tsx).
 */
export function startLoadingScreen(pathname: string, drawnByServer: boolean): void {
  const needs = screenNeeds(pathname);
  if (!needs) return;
  void startCodeAndTexts(needs);
  if (drawnByServer) return;
  for (const answer of needs.answers) fetchEarly(answer);
  // The header of every voter's screen shows the voting window.
  fetchEarly(withEdition('/api/event', editionInPath(pathname)?.slug));
}

/** The longest the page's first render waits over a screen the server drew. */
const FIRST_PAINT_WAIT_MS = 8000;

/**
 * Resolves when the page's first render may hydrate the screen the server drew: its code and its
 * texts are in (its answers came with the page), so that render draws the screen itself into those
 * elements rather than a loading state in their place. A failure or a very slow network ends the
 * wait: the screen then renders as it would have, and reports what went wrong.
 */
export function firstScreenReady(pathname: string): Promise<unknown> {
  const needs = screenNeeds(pathname);
  const cap = new Promise((resolve) => window.setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  return Promise.race([startCodeAndTexts(needs), cap]);
}
