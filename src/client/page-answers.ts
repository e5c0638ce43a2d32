import type { QueryClient } from '@tanstack/react-query';
import { categoryIdInPath, editionInPath, shareLinkInPath } from '#shared/page-paths';
import type { ShareLookup } from '#shared/schemas/catalog';
import { categoriesQuery } from './features/catalog/api/categories-query';
import {
  categoryNominationsQuery,
  categoryQuery,
  shareLookupQuery,
} from './features/catalog/api/catalog-queries';
import {
  categoryNominationsPath,
  categoryPath,
  shareLookupPath,
} from './features/catalog/api/catalog-paths';
import { paymentConfigQuery } from './features/checkout/api/checkout-api';
import { eventQuery } from './lib/event-query';
import { withEdition } from './lib/edition-scope';
import { ledgerHeadQuery } from './features/results/api/ledger-entry-query';
import { resultsQuery } from './features/results/api/results-query';

/** One API answer, by its path; null when the server could not give it (the page then loads it). */
export type ReadAnswer = (path: string) => Promise<unknown>;

/**
 * The public pages the server draws (entry-server.tsx), and the answers each one's first render
 * reads: put in `queryClient` under the keys its queries use, so the server draws the page with
 * them and the browser's first render, given the same cache, draws the same page. An edition's own
 * pages (`/e/{slug}/...`) read that edition's answers. False for a page the server leaves to the
 * browser (the admin's, behind a session).
 */
export async function loadPageAnswers(
  queryClient: QueryClient,
  pathname: string,
  read: ReadAnswer,
): Promise<boolean> {
  const scoped = editionInPath(pathname);
  const edition = scoped?.slug;
  const page = scoped?.page ?? pathname;
  /** `ofEdition`: the answer is the edition's (`?edition=`), not the site's. */
  const put = async (queryKey: readonly unknown[], path: string, ofEdition = true) => {
    const answer = await read(ofEdition ? withEdition(path, edition) : path);
    if (answer !== null) queryClient.setQueryData(queryKey, answer);
    return answer;
  };
  const category = categoryIdInPath(page);
  const share = shareLinkInPath(page);
  const event = put(eventQuery(edition).queryKey, '/api/event');
  if (page === '/categories') {
    await Promise.all([event, put(categoriesQuery(edition).queryKey, '/api/categories')]);
  } else if (category) {
    await Promise.all([
      event,
      put(categoryQuery(category, edition).queryKey, categoryPath(category)),
      put(categoryNominationsQuery(category, edition).queryKey, categoryNominationsPath(category)),
    ]);
  } else if (share) {
    const [, lookup] = await Promise.all([
      event,
      put(
        shareLookupQuery(share, edition).queryKey,
        shareLookupPath(share),
      ) as Promise<ShareLookup | null>,
    ]);
    if (lookup) {
      await put(
        categoryNominationsQuery(lookup.categoryId, edition).queryKey,
        categoryNominationsPath(lookup.categoryId),
      );
    }
  } else if (page === '/checkout') {
    await Promise.all([event, put(paymentConfigQuery().queryKey, '/api/payment-config', false)]);
  } else if (page === '/results') {
    // The ledger's seals are asked with the results (a 404 before publication is no answer).
    await Promise.all([
      event,
      put(resultsQuery(edition).queryKey, '/api/results'),
      put(ledgerHeadQuery(edition).queryKey, '/api/results/ledger/head'),
    ]);
  } else if (page === '/my-receipts' && edition === undefined) {
    await event;
  } else {
    await event.catch(() => undefined);
    return false;
  }
  return true;
}
