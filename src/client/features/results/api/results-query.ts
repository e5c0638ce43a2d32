import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type ReaderLoader } from '#client/lib/api-client';
import { editionKey, useEditionScope, withEdition } from '#client/lib/edition-scope';
import type { Results } from '#shared/schemas/event';

/** Checked by its shared schema, loaded when first needed (the page comes with its answer). */
const resultsReader: ReaderLoader<Results> = () =>
  import('#shared/schemas/event').then((m) => m.resultsSchema);

/** GET /api/results: `{ published: false }` until the organiser publishes, then the ranking. */
export const resultsQuery = (edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/results'], edition),
    queryFn: ({ signal }) =>
      getJson(withEdition('/api/results', edition), resultsReader, { signal }),
  });

export function useResults() {
  return useQuery(resultsQuery(useEditionScope()));
}
