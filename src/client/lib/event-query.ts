import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '#shared/schemas/event';
import { getJson, type ReaderLoader } from './api-client';

/*
 * The event's window and visibility, shared by the header, the public pages' countdown, the
 * results page and the admin's Event tab (one key, so an admin save is seen everywhere). It sits
 * in lib/ because the site's header, below every feature, shows the results link once they are
 * out. This file is on the first screen: its schema loads when first needed.
 */
const publicEventReader: ReaderLoader<PublicEvent> = () =>
  import('#shared/schemas/event').then((m) => m.publicEventSchema);

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
