import { queryClient } from '#client/lib/query-client';
import { categoryQuery } from './api/catalog-queries';

export { CategoryPage } from './category-page';

/** The category in the cache before the screen first renders (screens.ts, firstScreenReady). */
export function prefetchCategoryScreen(id: string): Promise<void> {
  return queryClient.prefetchQuery(categoryQuery(id));
}
