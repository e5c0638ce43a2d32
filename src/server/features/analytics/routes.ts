import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Period } from '#shared/limits.js';
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
import { categoryRankings } from './category-rankings.js';
import { periodStart } from './period-start.js';
import { providerTotals } from './provider-totals.js';
import { editionIdOf, findEdition } from '#server/features/editions/edition-store.js';
import { editionQuerySchema } from '#shared/schemas/edition.js';
import { timeseries } from './timeseries.js';

/**
 * Dashboard figures: /api/stats* and /api/analytics/*, admin-only by path (the
 * route-access hook). Everything reads the tallies settle() maintains, never the payments table,
 * so the answers stay fast however many votes there are. Each answers for one edition
 * (`?edition=`, the current one by default), its periods in that edition's time zone.
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
      querystring: editionQuerySchema,
      response: { 200: answer, ...errorResponses(400, 401, 403, 404) },
    },
  });
  /** The edition asked for, and where its period starts in its own time zone. */
  const editionPeriod = async (slug: string | undefined, period: Period) => {
    const { id: editionId, timeZone } = await findEdition(db, slug, config.eventTimezone);
    const now = new Date();
    return { editionId, timeZone, now, from: periodStart(period, now, timeZone) };
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const stats = {
    schema: {
      operationId: 'getStats',
      summary: 'Get the dashboard totals: artists, categories, votes and money',
      tags: ['dashboard'],
      security: SESSION_REQUIRED,
      querystring: editionQuerySchema,
      response: { 200: statsSchema, ...errorResponses(400, 401, 403, 404) },
    },
  };
  app.get('/stats', stats, async (request): Promise<Stats> => {
    const editionId = await editionIdOf(db, request.query.edition);
    const { stripe, campay, counts } = await providerTotals(db, editionId, null, {
      withCounts: true,
    });
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
      const { editionId, from } = await editionPeriod(request.query.edition, period);
      const { stripe, campay } = await providerTotals(db, editionId, from);
      return { period, from: from?.toISOString() ?? null, stripe, campay };
    },
  );

  app.get(
    '/analytics/category-rankings/:period',
    byPeriod(
      {
        operationId: 'listCategoryRankings',
        summary: "Rank each category's nominees over a period",
      },
      z.array(categoryRankingSchema),
    ),
    async (request) => {
      const { editionId, from } = await editionPeriod(request.query.edition, request.params.period);
      return categoryRankings(db, editionId, from);
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
      const { editionId, timeZone, now } = await editionPeriod(request.query.edition, period);
      return timeseries(db, editionId, period, now, timeZone);
    },
  );
}
