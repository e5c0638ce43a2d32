import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { pendingCheckResultSchema, trackingResponseSchema } from '#shared/schemas/tracking';
import { getJson, sendJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '#client/features/admin/index';

const TRACKING_URL = '/api/voter-tracking';
export const EXPORT_URL = '/api/voter-tracking/export.csv';
/** The tracking list refreshes itself every 60 s. */
const REFETCH_INTERVAL_MS = 60_000;

export const trackingPageQuery = (query: string, edition: string | undefined) =>
  queryOptions({
    queryKey: [TRACKING_URL, query, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(`${TRACKING_URL}?${query}`, edition), trackingResponseSchema, { signal }),
    refetchInterval: REFETCH_INTERVAL_MS,
  });

/**
 * One page of the selected edition's payments plus the summaries over the whole filtered set. The previous page stays on
 * screen while the next one loads, so paging and filtering never flash back to skeletons.
 */
export function useTrackingPage(query: string, enabled: boolean) {
  const edition = useAdminEdition();
  return useQuery({
    ...trackingPageQuery(query, edition),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Asks Campay about every pending mobile-money payment, then reloads the list either way. */
export function useCheckCampay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendJson('POST', '/api/admin/check-campay-payments', undefined, pendingCheckResultSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TRACKING_URL] }),
  });
}
