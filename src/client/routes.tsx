import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { RouteFallback } from './components/layout/route-fallback';
import { CategoriesPage } from './features/catalog/categories-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { ReplayEarlyTaps } from './lib/replay-early-taps';
import { EditionRoutes } from './edition-routes';
import {
  adminScreen,
  artistEditorScreen,
  categoryScreen,
  checkoutScreen,
  myReceiptsScreen,
  pastEditionsScreen,
  resultsScreen,
  shareScreen,
  voterTrackingScreen,
} from './screens';

/**
 * The route table; an edition's own pages (`/e/{slug}/...`) are in edition-routes.tsx. What each
 * screen loads, and when, is in screens.ts. Taps made on a drawn page
 * before React took it over are given once the screen is React's (lib/replay-early-taps.tsx).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Switch>
        <Route path="/">
          <Redirect to="/categories" replace />
        </Route>
        <Route path="/categories" component={CategoriesPage} />
        <Route path="/category/:id" component={categoryScreen.Screen} />
        <Route path="/share/:link" component={shareScreen.Screen} />
        <Route path="/checkout" component={checkoutScreen.Screen} />
        <Route path="/my-receipts" component={myReceiptsScreen.Screen} />
        <Route path="/results" component={resultsScreen.Screen} />
        <Route path="/editions" component={pastEditionsScreen.Screen} />
        <Route path="/e/:slug" nest>
          {({ slug }) => <EditionRoutes slug={slug} />}
        </Route>
        <Route path="/admin" component={adminScreen.Screen} />
        <Route path="/admin/voter-tracking" component={voterTrackingScreen.Screen} />
        <Route path="/admin/artists/:id" component={artistEditorScreen.Screen} />
        <Route component={NotFoundPage} />
      </Switch>
      <ReplayEarlyTaps />
    </Suspense>
  );
}
