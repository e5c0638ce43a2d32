import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Readable } from 'node:stream';
import {
  blockedPromptsSchema,
  CSV_COLUMNS,
  pendingCheckResultSchema,
  trackingQuerySchema,
  trackingResponseSchema,
  type PendingCheckResult,
} from '#shared/schemas/tracking.js';
import { formatAmount } from '#shared/money.js';
import { conflict } from '#server/http/http-error.js';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import { CHECK_LOCK_WAIT_MS, reconcilePendingPayments } from '#server/payments/index.js';
import { auditActorOf, recordAudit } from '#server/features/audit/record-audit.js';
import { editionIdOf } from '#server/features/editions/edition-store.js';
import { blockedPromptsOf } from '#server/features/checkout/blocked-prompts.js';
import { editionQuerySchema } from '#shared/schemas/edition.js';
import { csvLine } from './csv.js';
import { isDeclinedWhilePending } from '#shared/payment-shown-status.js';
import { toTrackingFilter } from './tracking-filter.js';
import {
  flagsOf,
  queryTracking,
  streamTrackingBatches,
  type TrackedPaymentRow,
} from './tracking-query.js';
import { flagsCell } from './csv.js';
import { clearPaymentFlags, holdPayment } from './flag-decisions.js';
import { idParamsSchema } from '#shared/schemas/ids.js';
import {
  clearFlagsRequestSchema,
  clearFlagsResponseSchema,
  holdRequestSchema,
  holdResponseSchema,
  type PaymentFlag,
} from '#shared/schemas/payment-flags.js';
import { formatZoned, zonedToday } from '#server/time/zoned-time.js';

/** A full export streams every payment; it must not be cut at the usual request deadline. */
const EXPORT_TIMEOUT_MS = 15 * 60_000;

const GUARDED = errorResponses(401, 403);
const filters = { config: { input: { what: 'tracking filters' } } };

const CHECK_ALREADY_RUNNING = {
  en: 'A payment check is already running. Try again in a minute.',
  fr: 'Une vérification des paiements est déjà en cours. Réessayez dans une minute.',
};

/**
 * Voter tracking (admin only: every /api/voter-tracking and /api/admin route is guarded by path in
 * auth/route-access.ts). Filters and paging run in the database; summaries cover the filtered set.
 * The list and its export are one edition's payments (`?edition=`, the current one by default).
 */
export default async function trackingRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const hashPhone = app.ctx.hashPhone;

  app.get(
    '/voter-tracking',
    {
      ...filters,
      schema: {
        operationId: 'listTrackedPayments',
        summary: 'List payments with their voters, filtered and paged, with totals',
        tags: ['tracking'],
        security: SESSION_REQUIRED,
        querystring: trackingQuerySchema,
        response: { 200: trackingResponseSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { query } = request;
      const editionId = await editionIdOf(app.ctx.db, query.edition);
      return queryTracking(app.ctx.db, toTrackingFilter(query, editionId), query, hashPhone);
    },
  );

  app.get(
    '/voter-tracking/blocked-prompts',
    {
      schema: {
        operationId: 'getBlockedPrompts',
        summary: "Mobile-money requests refused in the last 24 hours to protect voters' phones",
        tags: ['tracking'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        response: { 200: blockedPromptsSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      blockedPromptsOf(app.ctx.db, await editionIdOf(app.ctx.db, request.query.edition)),
  );

  app.get(
    '/voter-tracking/export.csv',
    {
      ...filters,
      handlerTimeout: EXPORT_TIMEOUT_MS,
      schema: {
        operationId: 'exportTrackedPayments',
        summary: 'Download the filtered payments as CSV',
        tags: ['tracking'],
        security: SESSION_REQUIRED,
        querystring: trackingQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.unknown().describe('CSV, UTF-8 with a byte-order mark, one payment a line'),
          ...GUARDED,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const db = app.ctx.db;
      const filter = toTrackingFilter(query, await editionIdOf(db, query.edition));
      const line = (row: TrackedPaymentRow, flags: readonly PaymentFlag[] = []) =>
        csvLine([
          row.id,
          row.provider,
          formatAmount(Number(row.amount), row.currency),
          Number(row.refunded_amount) > 0
            ? formatAmount(Number(row.refunded_amount), row.currency)
            : '',
          row.voter_email,
          row.phone_number,
          row.device_timestamp,
          row.ip_address,
          isDeclinedWhilePending({ status: row.status, failureReason: row.failure_reason })
            ? 'failed'
            : row.status,
          row.attempted_at ? formatZoned(new Date(row.attempted_at), query.tz) : '',
          row.failure_reason,
          row.receipt_code,
          formatZoned(new Date(row.created_at), query.tz),
          flagsCell(flags),
        ]);
      // One chunk per database batch, not per row: a chunk per row meant a million trips through
      // the stream and the compressor's thread pool, and a gzip export four times slower.
      async function* chunks() {
        yield `\uFEFF${csvLine([...CSV_COLUMNS])}`; // BOM: Excel opens UTF-8 accents correctly.
        for await (const batch of streamTrackingBatches(db, filter, hashPhone)) {
          const flags = await flagsOf(
            db,
            batch.map((row) => row.id),
          );
          yield batch.map((row) => line(row, flags.get(row.id))).join('');
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="voter-tracking-${zonedToday(query.tz)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks()));
    },
  );

  // 409 when it is already held, or a refund or dispute changed it meanwhile; 422 unless completed.
  app.post(
    '/admin/payments/:id/hold',
    {
      config: { input: { what: 'hold' } },
      schema: {
        operationId: 'holdPayment',
        summary: 'Hold a completed payment for review: its votes leave the count until decided',
        tags: ['tracking'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        body: holdRequestSchema,
        response: {
          200: holdResponseSchema,
          ...GUARDED,
          ...errorResponses(400, 404, 409, 422),
        },
      },
    },
    async (request) =>
      holdPayment(app.ctx, request.params.id, request.body, await auditActorOf(request)),
  );

  // 409 when the payment has no open flag.
  app.post(
    '/admin/payments/:id/flags/clear',
    {
      config: { input: { what: 'clear' } },
      schema: {
        operationId: 'clearPaymentFlags',
        summary: "Clear a payment's velocity flags: the payment is left as it is",
        tags: ['tracking'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        body: clearFlagsRequestSchema,
        response: {
          200: clearFlagsResponseSchema,
          ...GUARDED,
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request) =>
      clearPaymentFlags(app.ctx, request.params.id, request.body, await auditActorOf(request)),
  );

  app.post(
    '/admin/check-campay-payments',
    {
      schema: {
        operationId: 'checkCampayPayments',
        summary: 'Ask Campay now about every pending mobile money payment',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        response: { 200: pendingCheckResultSchema, ...GUARDED, ...errorResponses(409) },
      },
    },
    async (request): Promise<PendingCheckResult> => {
      const actor = await auditActorOf(request);
      const { skipped, ...result } = await reconcilePendingPayments(app.ctx, {
        provider: 'campay',
        force: true,
        lockWaitMs: CHECK_LOCK_WAIT_MS,
      });
      // A run still holds the lock after the wait: say so instead of reporting "checked 0".
      if (skipped) throw conflict(CHECK_ALREADY_RUNNING);
      // The run settles payments in transactions of its own, so the row follows it: a check that
      // failed part-way leaves no row, and the settlements it made are in the payments' history.
      await recordAudit(app.ctx.db, actor, {
        action: 'payments.check-campay',
        entityType: 'payment',
        after: result,
      });
      return result;
    },
  );
}
