import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicEventSchema } from '#shared/schemas/event';
import { getJson } from '#client/lib/api-client';
import { eventQuery } from '#client/features/event';
import { useAdminEdition, withEdition } from '../edition';

/**
 * The settings of the edition the Event tab works on: the current edition's are the shared event
 * query (one key, so a save is seen by the whole site); another edition's are asked by name.
 */
export const adminEventQuery = (edition: string | undefined) =>
  edition === undefined
    ? eventQuery()
    : queryOptions({
        queryKey: ['/api/event', `edition=${edition}`],
        queryFn: ({ signal }) =>
          getJson(withEdition('/api/event', edition), publicEventSchema, { signal }),
      });

export function useAdminEvent() {
  return useQuery(adminEventQuery(useAdminEdition()));
}
