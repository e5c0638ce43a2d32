import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { CSV_COLUMNS, trackingQuerySchema } from '../../../shared/schemas/tracking.js';
import { formatAmount } from '../../../shared/money.js';
import { conflict } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { createPhoneHasher } from '../../payments/phone-hash.js';
import { reconcilePendingPayments } from '../../payments/reconcile.js';
import { csvLine } from './csv.js';
import { toTrackingFilter } from './tracking-filter.js';
import { queryTracking, streamTrackingBatches, type PaymentRow } from './tracking-query.js';
import { formatZoned, zonedToday } from './zoned-time.js';

const CHECK_ALREADY_RUNNING = {
  en: 'A payment check is already running. Try again in a minute.',
  fr: 'Une vérification des paiements est déjà en cours. Réessayez dans une minute.',
};

/**
 * Voter tracking (admin only: every /api/voter-tracking and /api/admin route is guarded by path in
 * auth/route-access.ts). Filters and paging run in the database; summaries cover the filtered set.
 */
export default async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const hashPhone = createPhoneHasher(app.ctx.config);

  app.get('/voter-tracking', async (request) => {
    const query = parse(trackingQuerySchema, request.query, 'tracking filters');
    return queryTracking(app.ctx.db, toTrackingFilter(query), query, hashPhone);
  });

  app.get('/voter-tracking/export.csv', async (request, reply) => {
    const query = parse(trackingQuerySchema, request.query, 'tracking filters');
    const filter = toTrackingFilter(query);
    const db = app.ctx.db;
    const line = (row: PaymentRow) =>
      csvLine([
        row.id,
        row.provider,
        formatAmount(Number(row.amount), row.currency),
        row.voter_email,
        row.phone_number,
        row.device_timestamp,
        row.ip_address,
        row.status,
        row.attempted_at ? formatZoned(new Date(row.attempted_at), query.tz) : '',
        row.failure_reason,
        row.receipt_code,
        formatZoned(new Date(row.created_at), query.tz),
      ]);
    // One chunk per database batch, not per row: a chunk per row meant a million trips through
    // the stream and the compressor's thread pool, and a gzip export four times slower.
    async function* chunks() {
      yield `\uFEFF${csvLine([...CSV_COLUMNS])}`; // BOM: Excel opens UTF-8 accents correctly.
      for await (const batch of streamTrackingBatches(db, filter, hashPhone)) {
        yield batch.map(line).join('');
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
  });

  app.post('/admin/check-campay-payments', async () => {
    const result = await reconcilePendingPayments(app.ctx, { provider: 'campay', force: true });
    // Another instance's scheduled run holds the lock: say so instead of reporting "checked 0".
    if (result.skipped) throw conflict(CHECK_ALREADY_RUNNING);
    return { checked: result.checked, updated: result.updated };
  });
}
