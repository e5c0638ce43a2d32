import { queryOptions, useQuery } from '@tanstack/react-query';
import { resultsSchema } from '#shared/schemas/event';
import { getJson } from '#client/lib/api-client';

/** GET /api/results: `{ published: false }` until the organiser publishes, then the ranking. */
export const resultsQuery = () =>
  queryOptions({
    queryKey: ['/api/results'],
    queryFn: ({ signal }) => getJson('/api/results', resultsSchema, { signal }),
  });

export function useResults() {
  return useQuery(resultsQuery());
}
