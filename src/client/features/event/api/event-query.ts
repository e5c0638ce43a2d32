import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { publicEventSchema } from '#shared/schemas/event';

/** An organiser's change reaches open pages within this long; the clock edges need no refetch. */
const EVENT_REFRESH_MS = 60_000;

export const eventQuery = () =>
  queryOptions({
    queryKey: ['/api/event'],
    queryFn: ({ signal }) => getJson('/api/event', publicEventSchema, { signal }),
    staleTime: EVENT_REFRESH_MS,
    refetchInterval: EVENT_REFRESH_MS,
  });

export function useEvent() {
  return useQuery(eventQuery());
}
