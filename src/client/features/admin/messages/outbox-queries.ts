import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outboxResponseSchema } from '#shared/schemas/outbox';
import { getJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';

const OUTBOX_URL = '/api/admin/outbox';

export const outboxQuery = (query: string, edition: string | undefined) =>
  queryOptions({
    queryKey: [OUTBOX_URL, query, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(`${OUTBOX_URL}?${query}`, edition), outboxResponseSchema, { signal }),
    // Messages move on their own (sent, delivered, failed): opening the tab asks again.
    staleTime: 0,
  });

/**
 * One page of the selected edition's messages to voters; the previous page stays on screen while
 * the next one loads.
 */
export function useOutbox(query: string) {
  return useQuery({ ...outboxQuery(query, useAdminEdition()), placeholderData: keepPreviousData });
}
