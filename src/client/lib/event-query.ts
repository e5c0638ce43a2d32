import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '#shared/schemas/event';
import { getJson, type ReaderLoader } from './api-client';
import { editionKey, useEditionScope, withEdition } from './edition-scope';

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

/** The current edition's, or the edition `edition`'s. */
export const eventQuery = (edition?: string) =>
  queryOptions({
    queryKey: editionKey(['/api/event'], edition),
    // No abort signal: a page's loading screen asks for the event, then gives way to the page,
    // and a query whose signal was taken is cancelled when its last reader leaves. The page then
    // asked again and drew its countdown one round trip late, moving everything under it.
    queryFn: () => getJson(withEdition('/api/event', edition), publicEventReader),
    staleTime: EVENT_REFRESH_MS,
    refetchInterval: EVENT_REFRESH_MS,
  });

/** The event of the edition the screen shows. */
export function useEvent() {
  return useQuery(eventQuery(useEditionScope()));
}
