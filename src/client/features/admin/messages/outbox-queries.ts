import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outboxResponseSchema } from '#shared/schemas/outbox';
import { getJson } from '#client/lib/api-client';

const OUTBOX_URL = '/api/admin/outbox';

export const outboxQuery = (query: string) =>
  queryOptions({
    queryKey: [OUTBOX_URL, query],
    queryFn: ({ signal }) => getJson(`${OUTBOX_URL}?${query}`, outboxResponseSchema, { signal }),
    // Messages move on their own (sent, delivered, failed): opening the tab asks again.
    staleTime: 0,
  });

/** One page of messages to voters; the previous page stays on screen while the next one loads. */
export function useOutbox(query: string) {
  return useQuery({ ...outboxQuery(query), placeholderData: keepPreviousData });
}
