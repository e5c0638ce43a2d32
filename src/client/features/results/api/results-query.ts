import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type ReaderLoader } from '#client/lib/api-client';
import type { Results } from '#shared/schemas/event';

/** Checked by its shared schema, loaded when first needed (the page comes with its answer). */
const resultsReader: ReaderLoader<Results> = () =>
  import('#shared/schemas/event').then((m) => m.resultsSchema);

/** GET /api/results: `{ published: false }` until the organiser publishes, then the ranking. */
export const resultsQuery = () =>
  queryOptions({
    queryKey: ['/api/results'],
    queryFn: ({ signal }) => getJson('/api/results', resultsReader, { signal }),
  });

export function useResults() {
  return useQuery(resultsQuery());
}
