import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { RouteFallback } from './components/layout/route-fallback';
import {
  categoryNominationsPath,
  categoryPath,
  shareLookupPath,
} from './features/catalog/api/catalog-paths';
import { CategoriesPage } from './features/catalog/categories-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { fetchEarly } from './lib/api-client';
import { i18n } from './lib/i18n';
import { reloadOnceOnChunkError } from './lib/reload-once-on-chunk-error';

/*
 * Only the category list is in the main bundle. Every other screen loads on demand; each file
 * exports a named component. Keep it that way: the first screen on a cheap phone over a slow
 * connection pays for every kilobyte here. Each loader reloads the page once if its chunk is gone
 * (a tab opened before the last deploy).
 */
const loadCategoryPage = reloadOnceOnChunkError(() => import('./features/catalog/category-page'));
const loadSharePage = reloadOnceOnChunkError(() => import('./features/catalog/share-page'));
const loadCheckoutPage = reloadOnceOnChunkError(() => import('./features/checkout/checkout-page'));
const loadMyReceiptsPage = reloadOnceOnChunkError(
  () => import('./features/receipts/my-receipts-page'),
);
const loadAdminPage = reloadOnceOnChunkError(() => import('./features/admin/admin-page'));
const loadArtistEditorPage = reloadOnceOnChunkError(
  () => import('./features/admin/artist-editor-page'),
);
const loadResultsPage = reloadOnceOnChunkError(() => import('./features/results/results-page'));
const loadVoterTrackingPage = reloadOnceOnChunkError(
  () => import('./features/tracking/voter-tracking-page'),
);

/** An id or share link as it stands in a path, the same encoded or not. */
const SEGMENT = '([A-Za-z0-9_-]{1,100})';

/**
 * A link opened cold (shared on WhatsApp, a bookmark) needs its screen's code, that screen's
 * texts and its data. Left to React, each is asked for only once the one before has arrived: on
 * a slow phone network, a round trip each before the page can draw. Here the ones we know of are
 * all asked for at once, as soon as the main script runs.
 */
function startLoadingScreen(pathname: string): void {
  // Only a head start: the screen's own load reports a failure (after one reload), not this one.
  const start = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  const category = new RegExp(`^/category/${SEGMENT}$`).exec(pathname)?.[1];
  const share = new RegExp(`^/share/${SEGMENT}$`).exec(pathname)?.[1];
  if (pathname === '/categories' || pathname === '/') {
    fetchEarly('/api/categories');
  } else if (category) {
    start(loadCategoryPage);
    fetchEarly(categoryPath(category));
    fetchEarly(categoryNominationsPath(category));
  } else if (share) {
    start(loadSharePage);
    start(loadCategoryPage);
    fetchEarly(shareLookupPath(share));
  } else if (pathname === '/checkout') {
    start(loadCheckoutPage);
    start(() => i18n.loadNamespaces(['checkout', 'receipts']));
    fetchEarly('/api/payment-config');
  } else if (pathname === '/results') {
    start(loadResultsPage);
    start(() => i18n.loadNamespaces('results'));
    fetchEarly('/api/results');
  } else if (pathname === '/my-receipts') {
    start(loadMyReceiptsPage);
    start(() => i18n.loadNamespaces('receipts'));
  } else {
    return;
  }
  // The header of every voter's screen shows the voting window.
  fetchEarly('/api/event');
}

startLoadingScreen(window.location.pathname);

const CategoryPage = lazy(() => loadCategoryPage().then((m) => ({ default: m.CategoryPage })));
const SharePage = lazy(() => loadSharePage().then((m) => ({ default: m.SharePage })));
const CheckoutPage = lazy(() => loadCheckoutPage().then((m) => ({ default: m.CheckoutPage })));
const MyReceiptsPage = lazy(() =>
  loadMyReceiptsPage().then((m) => ({ default: m.MyReceiptsPage })),
);
const AdminPage = lazy(() => loadAdminPage().then((m) => ({ default: m.AdminPage })));
const ArtistEditorPage = lazy(() =>
  loadArtistEditorPage().then((m) => ({ default: m.ArtistEditorPage })),
);
const ResultsPage = lazy(() => loadResultsPage().then((m) => ({ default: m.ResultsPage })));
const VoterTrackingPage = lazy(() =>
  loadVoterTrackingPage().then((m) => ({ default: m.VoterTrackingPage })),
);

export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Switch>
        <Route path="/">
          <Redirect to="/categories" replace />
        </Route>
        <Route path="/categories" component={CategoriesPage} />
        <Route path="/category/:id" component={CategoryPage} />
        <Route path="/share/:link" component={SharePage} />
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/my-receipts" component={MyReceiptsPage} />
        <Route path="/results" component={ResultsPage} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/admin/voter-tracking" component={VoterTrackingPage} />
        <Route path="/admin/artists/:id" component={ArtistEditorPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
