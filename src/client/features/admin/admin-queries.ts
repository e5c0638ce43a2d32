import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminArtist, AdminArtistDetail, AdminCategory } from '../../../shared/schemas/admin';
import type {
  CategoryRanking,
  PeriodStats,
  Stats,
  Timeseries,
} from '../../../shared/schemas/analytics';
import type { Period } from '../../../shared/limits';

/*
 * Query keys follow the URL (the default query function joins them with '/'). The single artist
 * key starts with the list key, so refreshing the list refreshes an open editor too.
 */
export const adminArtistsQueryKey = ['/api/admin/artists'] as const;
export const adminArtistQueryKey = (id: string) =>
  ['/api/admin/artists', encodeURIComponent(id)] as const;
export const adminCategoriesQueryKey = ['/api/admin/categories'] as const;
export const statsQueryKey = ['/api/stats'] as const;
export const periodStatsQueryKey = (period: Period) => ['/api/stats/period', period] as const;
export const categoryRankingsQueryKey = (period: Period) =>
  ['/api/analytics/category-rankings', period] as const;
export const timeseriesQueryKey = (period: Period) =>
  ['/api/analytics/timeseries', period] as const;

const STATS_REFETCH_MS = 30_000;

export function useAdminArtists() {
  return useQuery<AdminArtist[]>({ queryKey: adminArtistsQueryKey });
}

export function useAdminArtist(id: string, enabled: boolean) {
  return useQuery<AdminArtistDetail>({ queryKey: adminArtistQueryKey(id), enabled });
}

export function useAdminCategories() {
  return useQuery<AdminCategory[]>({ queryKey: adminCategoriesQueryKey });
}

/** The dashboard cards stay current while the page is open (SPEC 9: every 30 s). */
export function useStats() {
  return useQuery<Stats>({ queryKey: statsQueryKey, refetchInterval: STATS_REFETCH_MS });
}

export function usePeriodStats(period: Period) {
  return useQuery<PeriodStats>({ queryKey: periodStatsQueryKey(period) });
}

export function useCategoryRankings(period: Period) {
  return useQuery<CategoryRanking[]>({ queryKey: categoryRankingsQueryKey(period) });
}

export function useTimeseries(period: Period) {
  return useQuery<Timeseries>({ queryKey: timeseriesQueryKey(period) });
}

/** URL prefixes whose answers an admin write can change: the admin lists and the public site. */
const EVENT_DATA_PREFIXES = [
  '/api/admin',
  '/api/stats',
  '/api/analytics',
  '/api/categories',
  '/api/nominations',
  '/api/artists',
];

/**
 * After a create, update or delete: every list refetches (active ones now, the rest when next
 * shown), so the admin and, on the way back to the site, the public pages show the change.
 */
export function refreshEventData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const first = queryKey[0];
      return (
        typeof first === 'string' &&
        EVENT_DATA_PREFIXES.some((prefix) => first === prefix || first.startsWith(`${prefix}/`))
      );
    },
  });
}
