import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackingResponse } from '../../../shared/schemas/tracking';
import { apiRequest, throwIfNotOk } from '../../lib/api-request';

export const TRACKING_URL = '/api/voter-tracking';
export const EXPORT_URL = '/api/voter-tracking/export.csv';
const CHECK_CAMPAY_URL = '/api/admin/check-campay-payments';
/** SPEC 9: the tracking list refreshes itself every 60 s. */
const REFETCH_INTERVAL_MS = 60_000;

export interface CampayCheckResult {
  checked: number;
  updated: number;
}

/**
 * One page of payments plus the summaries over the whole filtered set. The previous page stays on
 * screen while the next one loads, so paging and filtering never flash back to skeletons.
 */
export function useTrackingPage(query: string, enabled: boolean) {
  return useQuery<TrackingResponse>({
    queryKey: [TRACKING_URL, query],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${TRACKING_URL}?${query}`, {
        credentials: 'include',
        signal,
      });
      await throwIfNotOk(response);
      return (await response.json()) as TrackingResponse;
    },
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: REFETCH_INTERVAL_MS,
  });
}

/** Asks Campay about every pending mobile-money payment, then reloads the list either way. */
export function useCheckCampay() {
  const queryClient = useQueryClient();
  return useMutation<CampayCheckResult>({
    mutationFn: async () =>
      (await (await apiRequest('POST', CHECK_CAMPAY_URL)).json()) as CampayCheckResult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TRACKING_URL] }),
  });
}
