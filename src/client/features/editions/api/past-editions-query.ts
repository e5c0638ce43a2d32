import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type ReaderLoader } from '#client/lib/api-client';
import type { PastEditionList } from '#shared/schemas/edition';

/** Checked by its shared schema, loaded with the first answer rather than with the screen. */
const pastEditionsReader: ReaderLoader<PastEditionList> = () =>
  import('#shared/schemas/edition').then((m) => m.pastEditionListSchema);

/** GET /api/editions/past: every edition but the current one, with its winners once published. */
export const pastEditionsQuery = () =>
  queryOptions({
    queryKey: ['/api/editions/past'],
    queryFn: ({ signal }) => getJson('/api/editions/past', pastEditionsReader, { signal }),
    select: (answer) => answer.editions,
  });

export function usePastEditions() {
  return useQuery(pastEditionsQuery());
}
