import { useState, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { EDITION_SLUG_PATTERN } from '#shared/page-paths';
import { CategoriesPage } from './features/catalog/categories-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { EditionScopeContext } from './lib/edition-scope';
import { useEvent } from './lib/event-query';
import { isMissingResource } from './lib/is-missing-resource';
import { categoryScreen, checkoutScreen, resultsScreen, shareScreen } from './screens';

/**
 * The public screens of one edition under `/e/{slug}/`: the same screens as the plain addresses,
 * each asking for that edition's answers (useEditionScope). Links inside stay in the edition;
 * those to My Receipts and the admin leave it (`~/`). The current edition lives at the plain
 * addresses, so its `/e/{slug}/` sends there, as the server does for a page asked cold.
 */
export function EditionRoutes({ slug }: { slug: string }) {
  if (!EDITION_SLUG_PATTERN.test(slug)) return <NotFoundPage />;
  return (
    <EditionScopeContext value={slug}>
      <EditionGate key={slug}>
        <Switch>
          <Route path="/">
            <Redirect to="/categories" replace />
          </Route>
          <Route path="/categories" component={CategoriesPage} />
          <Route path="/category/:id" component={categoryScreen.Screen} />
          <Route path="/share/:link" component={shareScreen.Screen} />
          <Route path="/checkout" component={checkoutScreen.Screen} />
          <Route path="/results" component={resultsScreen.Screen} />
          <Route component={NotFoundPage} />
        </Switch>
      </EditionGate>
    </EditionScopeContext>
  );
}

/**
 * The not-found page for a slug no edition has; the plain address for the current edition. Once
 * found missing, it stays so: the not-found page's own header asks for the edition again, and that
 * new request takes the query back to loading, which would put the screen back and start over.
 */
function EditionGate({ children }: { children: ReactNode }) {
  const event = useEvent();
  const [page] = useLocation();
  const search = useSearch();
  const [missing, setMissing] = useState(false);
  const foundMissing = event.isError && isMissingResource(event.error);
  if (foundMissing && !missing) setMissing(true);
  if (missing || foundMissing) return <NotFoundPage />;
  if (event.data?.isCurrent)
    return <Redirect to={`~${page}${search ? `?${search}` : ''}`} replace />;
  return children;
}
