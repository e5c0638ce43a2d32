import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { resultsReader } from './read-results';

/** GET /api/results: `{ published: false }` until the organiser publishes, then the ranking. */
export const resultsQuery = () =>
  queryOptions({
    queryKey: ['/api/results'],
    queryFn: ({ signal }) => getJson('/api/results', resultsReader, { signal }),
  });

export function useResults() {
  return useQuery(resultsQuery());
}
