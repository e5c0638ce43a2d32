import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import { zonedToday } from '#server/time/zoned-time.js';
import { findEdition } from '#server/features/editions/edition-store.js';
import {
  financeQuerySchema,
  financeReportSchema,
  type FinanceQuery,
} from '#shared/schemas/finance.js';
import { financeCsv } from './finance-csv.js';
import { financeReport } from './finance-report.js';

const GUARDED = errorResponses(401, 403);
const byPeriod = { config: { input: { what: 'finance period' } } };

/**
 * The finance report for admins (every /api/admin route is guarded by path in
 * auth/route-access.ts): what the payments brought in, what the providers kept and what went back.
 * One edition's (`?edition=`, the current one by default), its days in that edition's time zone.
 */
export default async function financeRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const build = async ({ period, edition }: FinanceQuery) => {
    const { db, config } = app.ctx;
    const { id: editionId, timeZone } = await findEdition(db, edition, config.eventTimezone);
    const report = await financeReport(db, {
      editionId,
      period,
      now: new Date(),
      timeZone,
      feeEstimates: app.ctx.config.feeEstimates,
    });
    return report;
  };

  app.get(
    '/admin/finance',
    {
      ...byPeriod,
      schema: {
        operationId: 'getFinanceReport',
        summary: 'Get what payments brought in, what providers kept and what went back',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: financeQuerySchema,
        response: { 200: financeReportSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return build(request.query);
    },
  );

  app.get(
    '/admin/finance.csv',
    {
      ...byPeriod,
      schema: {
        operationId: 'exportFinanceReport',
        summary: 'Download the finance report as CSV',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: financeQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z
            .string()
            .describe('CSV, UTF-8 with a byte-order mark, one day and provider a line'),
          ...GUARDED,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const report = await build(request.query);
      const day = zonedToday(report.timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="finance-${report.period}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(financeCsv(report));
    },
  );
}
