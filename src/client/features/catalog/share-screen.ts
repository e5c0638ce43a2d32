import { queryClient } from '#client/lib/query-client';
import { shareLookupQuery } from './api/catalog-queries';

export { SharePage } from './share-page';

/** The shared nomination in the cache before the screen first renders (screens.ts). */
export function prefetchShareScreen(link: string): Promise<void> {
  return queryClient.prefetchQuery(shareLookupQuery(link));
}
