import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminArtistDetailSchema,
  adminArtistSchema,
  adminCategorySchema,
} from '#shared/schemas/admin';
import {
  categoryRankingSchema,
  periodStatsSchema,
  statsSchema,
  timeseriesSchema,
} from '#shared/schemas/analytics';
import { integrityReportSchema } from '#shared/schemas/integrity';
import { trackingResponseSchema } from '#shared/schemas/tracking';
import type { Period } from '#shared/limits';
import { getJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';

/*
 * Query keys follow the URL. The single artist key starts with the list key, so refreshing the
 * list refreshes an open editor too. Every answer about one edition carries it in its key (null
 * for the current one), so switching editions never shows another edition's answer.
 */
const STATS_REFETCH_MS = 30_000;
const adminArtistListSchema = z.array(adminArtistSchema);
const adminCategoryListSchema = z.array(adminCategorySchema);
const categoryRankingListSchema = z.array(categoryRankingSchema);

export const adminArtistsQuery = (edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/admin/artists', edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition('/api/admin/artists', edition), adminArtistListSchema, { signal }),
  });

export const adminArtistQuery = (id: string, edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/admin/artists', edition ?? null, encodeURIComponent(id)],
    queryFn: ({ signal }) =>
      getJson(
        withEdition(`/api/admin/artists/${encodeURIComponent(id)}`, edition),
        adminArtistDetailSchema,
        { signal },
      ),
  });

export const adminCategoriesQuery = (edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/admin/categories', edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition('/api/admin/categories', edition), adminCategoryListSchema, { signal }),
  });

/** The dashboard cards stay current while the page is open. */
export const statsQuery = (edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/stats', edition ?? null],
    queryFn: ({ signal }) => getJson(withEdition('/api/stats', edition), statsSchema, { signal }),
    refetchInterval: STATS_REFETCH_MS,
  });

/**
 * Whether the selected edition's books balance. The server recomputes every tally of the edition
 * for it, so an open dashboard asks again only every five minutes.
 */
const INTEGRITY_STALE_MS = 5 * 60_000;
export const integrityQuery = (edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/admin/integrity', edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition('/api/admin/integrity', edition), integrityReportSchema, { signal }),
    staleTime: INTEGRITY_STALE_MS,
    refetchInterval: INTEGRITY_STALE_MS,
  });

/** How many payments wait for an admin's review: the tracking list's total for that status. */
const NEEDS_REVIEW_URL = '/api/voter-tracking?status=needs_review&page=1&pageSize=20';
export const needsReviewQuery = (edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/voter-tracking', 'status=needs_review&page=1&pageSize=20', edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(NEEDS_REVIEW_URL, edition), trackingResponseSchema, { signal }),
    select: (answer) => answer.total,
    refetchInterval: STATS_REFETCH_MS,
  });

export const periodStatsQuery = (period: Period, edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/stats/period', period, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(`/api/stats/period/${period}`, edition), periodStatsSchema, { signal }),
  });

export const categoryRankingsQuery = (period: Period, edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/analytics/category-rankings', period, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(
        withEdition(`/api/analytics/category-rankings/${period}`, edition),
        categoryRankingListSchema,
        { signal },
      ),
  });

export const timeseriesQuery = (period: Period, edition: string | undefined) =>
  queryOptions({
    queryKey: ['/api/analytics/timeseries', period, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(`/api/analytics/timeseries/${period}`, edition), timeseriesSchema, {
        signal,
      }),
  });

export function useAdminArtists() {
  return useQuery(adminArtistsQuery(useAdminEdition()));
}

export function useAdminArtist(id: string, enabled: boolean) {
  return useQuery({ ...adminArtistQuery(id, useAdminEdition()), enabled });
}

export function useAdminCategories() {
  return useQuery(adminCategoriesQuery(useAdminEdition()));
}

/** The selected edition's dashboard cards. */
export function useStats() {
  return useQuery(statsQuery(useAdminEdition()));
}

export function usePeriodStats(period: Period) {
  return useQuery(periodStatsQuery(period, useAdminEdition()));
}

export function useCategoryRankings(period: Period) {
  return useQuery(categoryRankingsQuery(period, useAdminEdition()));
}

export function useTimeseries(period: Period) {
  return useQuery(timeseriesQuery(period, useAdminEdition()));
}

/** URL prefixes whose answers an admin write can change: the admin lists and the public site. */
const EVENT_DATA_PREFIXES = [
  '/api/admin',
  '/api/event',
  '/api/editions',
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

export function useIntegrity() {
  return useQuery(integrityQuery(useAdminEdition()));
}

/** Payments of the selected edition waiting for review. */
export function useNeedsReviewCount() {
  return useQuery(needsReviewQuery(useAdminEdition()));
}
