import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { editionKey, useEditionScope, withEdition } from '#client/lib/edition-scope';
import { categoryListReader } from './catalog-readers';

/*
 * Query keys follow the URL, so other screens can refresh by prefix, e.g. ['/api/categories']
 * after an admin edit. This file is on the first screen: its schema loads when first needed (catalog-readers.ts).
 */
export const categoriesQuery = (edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/categories'], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition('/api/categories', edition), categoryListReader, { signal }),
  });

export function useCategories() {
  return useQuery(categoriesQuery(useEditionScope()));
}
