import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import { csvLine } from '#server/features/tracking/csv.js';
import { formatZoned, zonedToday } from '#server/time/zoned-time.js';
import { changedFields } from '#shared/audit-changes.js';
import {
  AUDIT_CSV_COLUMNS,
  auditLogQuerySchema,
  auditLogResponseSchema,
} from '#shared/schemas/audit.js';
import { editionIdOf } from '#server/features/editions/edition-store.js';
import { queryAuditLog, streamAuditBatches } from './audit-query.js';

/** A full export streams the whole trail; it must not be cut at the usual request deadline. */
const EXPORT_TIMEOUT_MS = 15 * 60_000;

const GUARDED = errorResponses(401, 403);
const filters = { config: { input: { what: 'audit log filters' } } };

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/**
 * Reading the audit trail (admin only: every /api/admin route is guarded by path in
 * auth/route-access.ts), one edition's with the shared entries (`?edition=`, the current one by
 * default). The rows are written by the admin routes themselves, through recordAudit(), in the
 * transaction of each change.
 */
export default async function auditRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/audit-log',
    {
      ...filters,
      schema: {
        operationId: 'listAuditLog',
        summary: 'List the audit trail of admin changes, filtered and paged',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const editionId = await editionIdOf(app.ctx.db, request.query.edition);
      return queryAuditLog(app.ctx.db, request.query, editionId);
    },
  );

  app.get(
    '/admin/audit-log/export',
    {
      ...filters,
      handlerTimeout: EXPORT_TIMEOUT_MS,
      schema: {
        operationId: 'exportAuditLog',
        summary: 'Download the filtered audit trail as CSV',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: auditLogQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.unknown().describe('CSV, UTF-8 with a byte-order mark, one change a line'),
          ...GUARDED,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const db = app.ctx.db;
      const editionId = await editionIdOf(db, query.edition);
      async function* chunks() {
        yield `\uFEFF${csvLine([...AUDIT_CSV_COLUMNS])}`; // BOM: Excel opens UTF-8 accents correctly.
        for await (const batch of streamAuditBatches(db, query, editionId)) {
          yield batch
            .map((row) =>
              csvLine([
                row.id,
                formatZoned(row.at, query.tz),
                row.actorEmail ?? 'system',
                row.action,
                row.entityType,
                row.entityId,
                changedFields(row.before, row.after).join(' '),
                json(row.before),
                json(row.after),
                row.reason,
              ]),
            )
            .join('');
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="audit-log-${zonedToday(query.tz)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks()));
    },
  );
}
