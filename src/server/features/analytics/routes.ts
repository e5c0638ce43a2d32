import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/parse.js';
import type { PeriodStats, Stats } from '../../../shared/schemas/analytics.js';
import { periodParamsSchema } from '../../../shared/schemas/analytics.js';
import { catalogCache } from '../catalog/catalog-cache.js';
import { categoryRankings, rankingsFromSnapshot } from './category-rankings.js';
import { periodStart } from './period-start.js';
import { providerTotals } from './provider-totals.js';
import { sendEncoded } from '../../http/encoded-body.js';
import { timeseries } from './timeseries.js';

/**
 * Dashboard figures (SPEC 7): /api/stats* and /api/analytics/*, admin-only by path (the
 * route-access hook). Everything reads the tallies settle() maintains, never the payments table,
 * so the answers stay fast however many votes there are.
 */
export default async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/stats', async (): Promise<Stats> => {
    const { stripe, campay, counts } = await providerTotals(db, null, { withCounts: true });
    return {
      totalArtists: counts?.artists ?? 0,
      totalCategories: counts?.categories ?? 0,
      totalVotes: stripe.votes + campay.votes,
      stripe,
      campay,
    };
  });

  app.get('/stats/period/:period', async (request): Promise<PeriodStats> => {
    const { period } = parse(periodParamsSchema, request.params, 'period');
    const from = periodStart(period, new Date(), config.eventTimezone);
    const { stripe, campay } = await providerTotals(db, from);
    return { period, from: from?.toISOString() ?? null, stripe, campay };
  });

  app.get('/analytics/category-rankings/:period', async (request, reply) => {
    const { period } = parse(periodParamsSchema, request.params, 'period');
    if (period === 'all') {
      const snapshot = await catalogCache(app.ctx).get();
      return sendEncoded(
        reply,
        snapshot.json('admin:rankings:all', () => rankingsFromSnapshot(snapshot)),
      );
    }
    return categoryRankings(db, periodStart(period, new Date(), config.eventTimezone)!);
  });

  app.get('/analytics/timeseries/:period', async (request) => {
    const { period } = parse(periodParamsSchema, request.params, 'period');
    return timeseries(db, period, new Date(), config.eventTimezone);
  });
}
