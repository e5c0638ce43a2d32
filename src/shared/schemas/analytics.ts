import { z } from 'zod';
import { PERIODS } from '#shared/limits.js';

export const periodSchema = z.enum(PERIODS, {
  message: 'Period must be today, week, month or all',
});
export const periodParamsSchema = z.object({ period: periodSchema });

/** Completed payments only. Revenue is in minor units: USD cents for stripe, XAF for campay. */
export const providerTotalsSchema = z.object({
  votes: z.number().int(),
  revenue: z.number().int(),
  payments: z.number().int(),
});
export type ProviderTotals = z.infer<typeof providerTotalsSchema>;

/** GET /api/stats: the four dashboard cards. Hidden (deleted) artists keep their votes here. */
export const statsSchema = z.object({
  totalArtists: z.number().int(),
  totalCategories: z.number().int(),
  totalVotes: z.number().int(),
  stripe: providerTotalsSchema,
  campay: providerTotalsSchema,
});
export type Stats = z.infer<typeof statsSchema>;

/** GET /api/stats/period/{period}; `from` is null for all time. */
export const periodStatsSchema = z.object({
  period: periodSchema,
  from: z.iso.datetime({ offset: true }).nullable(),
  stripe: providerTotalsSchema,
  campay: providerTotalsSchema,
});
export type PeriodStats = z.infer<typeof periodStatsSchema>;

export const rankedArtistSchema = z.object({
  nominationId: z.uuid(),
  artistId: z.uuid(),
  artistName: z.string(),
  artistPhoto: z.string().nullable(),
  nominationPhoto: z.string().nullable(),
  nominationTitle: z.string().nullable(),
  nominationTitleFr: z.string().nullable(),
  voteCount: z.number().int(),
});
export type RankedArtist = z.infer<typeof rankedArtistSchema>;

/** GET /api/analytics/category-rankings/{period} item, artists by votes. */
export const categoryRankingSchema = z.object({
  categoryId: z.uuid(),
  categoryName: z.string(),
  categoryNameFr: z.string().nullable(),
  totalVotes: z.number().int(),
  artists: z.array(rankedArtistSchema),
});
export type CategoryRanking = z.infer<typeof categoryRankingSchema>;

export const timeseriesPointSchema = z.object({
  /** Start of the bucket (an hour for today, else a day in the event's time zone). */
  start: z.iso.datetime({ offset: true }),
  stripe: providerTotalsSchema,
  campay: providerTotalsSchema,
});

/** GET /api/analytics/timeseries/{period}: votes and revenue over time per provider, for a chart. */
export const timeseriesSchema = z.object({
  period: periodSchema,
  granularity: z.enum(['hour', 'day']),
  timeZone: z.string(),
  points: z.array(timeseriesPointSchema),
});
export type Timeseries = z.infer<typeof timeseriesSchema>;
