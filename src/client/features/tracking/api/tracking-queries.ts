import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  blockedPromptsSchema,
  pendingCheckResultSchema,
  trackingResponseSchema,
} from '#shared/schemas/tracking';
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

const BLOCKED_PROMPTS_URL = '/api/voter-tracking/blocked-prompts';

/** The mobile-money requests refused in the last 24 hours to protect phones, refreshed with the list. */
export function useBlockedPrompts() {
  const edition = useAdminEdition();
  return useQuery({
    queryKey: [BLOCKED_PROMPTS_URL, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(BLOCKED_PROMPTS_URL, edition), blockedPromptsSchema, { signal }),
    refetchInterval: REFETCH_INTERVAL_MS,
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
