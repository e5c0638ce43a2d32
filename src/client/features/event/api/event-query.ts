import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { publicEventReader } from './event-readers';

/*
 * The event's window and visibility, shared by the header, the public pages' countdown, the
 * results page and the admin's Event tab (one key, so an admin save is seen everywhere). This file
 * is on the first screen: its schema loads when first needed (event-readers.ts).
 */
/** An organiser's change reaches open pages within this long; the clock's edges need no refetch. */
const EVENT_REFRESH_MS = 60_000;

export const eventQuery = () =>
  queryOptions({
    queryKey: ['/api/event'],
    // No abort signal: a page's loading screen asks for the event, then gives way to the page,
    // and a query whose signal was taken is cancelled when its last reader leaves. The page then
    // asked again and drew its countdown one round trip late, moving everything under it.
    queryFn: () => getJson('/api/event', publicEventReader),
    staleTime: EVENT_REFRESH_MS,
    refetchInterval: EVENT_REFRESH_MS,
  });

export function useEvent() {
  return useQuery(eventQuery());
}
