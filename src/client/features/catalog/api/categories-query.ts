import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { categoryListReader } from './catalog-readers';

/*
 * Query keys follow the URL, so other screens can refresh by prefix, e.g. ['/api/categories']
 * after an admin edit. This file is on the first screen: its schema loads when first needed (catalog-readers.ts).
 */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['/api/categories'],
    queryFn: ({ signal }) => getJson('/api/categories', categoryListReader, { signal }),
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}
