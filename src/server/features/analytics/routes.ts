import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import {
  categoryRankingSchema,
  periodParamsSchema,
  periodStatsSchema,
  statsSchema,
  timeseriesSchema,
  type PeriodStats,
  type Stats,
} from '#shared/schemas/analytics.js';
import { categoryRankings, rankingsFromSnapshot } from './category-rankings.js';
import { periodStart } from './period-start.js';
import { providerTotals } from './provider-totals.js';
import { sendEncoded } from '#server/http/encoded-body.js';
import { timeseries } from './timeseries.js';

/**
 * Dashboard figures: /api/stats* and /api/analytics/*, admin-only by path (the
 * route-access hook). Everything reads the tallies settle() maintains, never the payments table,
 * so the answers stay fast however many votes there are.
 */
export default async function analyticsRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  const byPeriod = <R extends z.ZodType>(
    operation: { operationId: string; summary: string },
    answer: R,
  ) => ({
    config: { input: { what: 'period' } },
    schema: {
      ...operation,
      tags: ['dashboard'],
      security: SESSION_REQUIRED,
      params: periodParamsSchema,
      response: { 200: answer, ...errorResponses(400, 401, 403) },
    },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const stats = {
    schema: {
      operationId: 'getStats',
      summary: 'Get the dashboard totals: artists, categories, votes and money',
      tags: ['dashboard'],
      security: SESSION_REQUIRED,
      response: { 200: statsSchema, ...errorResponses(401, 403) },
    },
  };
  app.get('/stats', stats, async (): Promise<Stats> => {
    const { stripe, campay, counts } = await providerTotals(db, null, { withCounts: true });
    return {
      totalArtists: counts?.artists ?? 0,
      totalCategories: counts?.categories ?? 0,
      totalVotes: stripe.votes + campay.votes,
      stripe,
      campay,
    };
  });

  app.get(
    '/stats/period/:period',
    byPeriod(
      {
        operationId: 'getPeriodStats',
        summary: "Get votes and money by provider since a period's start",
      },
      periodStatsSchema,
    ),
    async (request): Promise<PeriodStats> => {
      const { period } = request.params;
      const from = periodStart(period, new Date(), config.eventTimezone);
      const { stripe, campay } = await providerTotals(db, from);
      return { period, from: from?.toISOString() ?? null, stripe, campay };
    },
  );

  // `all` answers the snapshot's pre-encoded rankings, sent as they are.
  app.get(
    '/analytics/category-rankings/:period',
    byPeriod(
      {
        operationId: 'listCategoryRankings',
        summary: "Rank each category's nominees over a period",
      },
      z.array(categoryRankingSchema),
    ),
    async (request, reply) => {
      const { period } = request.params;
      if (period === 'all') {
        const snapshot = await app.ctx.catalog.get();
        return sendEncoded(
          reply,
          snapshot.json('admin:rankings:all', () => rankingsFromSnapshot(snapshot)),
        );
      }
      return categoryRankings(db, periodStart(period, new Date(), config.eventTimezone)!);
    },
  );

  app.get(
    '/analytics/timeseries/:period',
    byPeriod(
      {
        operationId: 'getVoteTimeseries',
        summary: 'Get votes and money by provider over a period, by hour or by day',
      },
      timeseriesSchema,
    ),
    async (request) => {
      const { period } = request.params;
      return timeseries(db, period, new Date(), config.eventTimezone);
    },
  );
}
