import type { PaymentStatus } from '#shared/schemas/payment.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import { PROVIDERS } from '#shared/money.js';
import type { TrackingPayment, TrackingResponse } from '#shared/schemas/tracking.js';
import type { PaymentFlag } from '#shared/schemas/payment-flags.js';
import {
  paymentConditions,
  statsConditions,
  whereClause,
  type TrackingFilter,
} from './tracking-filter.js';

/** Summary counts of one provider (raw SQL: FILTER aggregates over stats or payments). */
interface ProviderSummaryRow {
  provider: 'stripe' | 'campay';
  completed_count: number;
  completed_amount: number;
  attempted: number;
  abandoned: number;
  failed: number;
  total: number;
}

/** One payment of the tracking list or export (raw SQL: a MATERIALIZED fence and a text keyset cursor). */
export interface TrackedPaymentRow {
  id: string;
  provider: 'stripe' | 'campay';
  amount: number;
  currency: string;
  voter_email: string | null;
  phone_number: string | null;
  device_timestamp: string | null;
  ip_address: string | null;
  status: PaymentStatus;
  refunded_amount: number;
  total_votes: number;
  attempted_at: Date | string | null;
  failure_reason: string | null;
  receipt_code: string | null;
  created_at: Date | string;
  /** Taken by the sandbox standing in for the provider (sandbox-refs.ts). */
  sandbox: boolean;
  /** Exact text of created_at (microseconds kept) for keyset paging. */
  cursor: string;
}

const PAYMENT_COLUMNS = sql`p.id, p.provider, p.amount, p.currency, p.voter_email, p.phone_number,
  p.device_timestamp, p.ip_address, p.status, p.refunded_amount, p.total_votes, p.attempted_at, p.failure_reason, p.receipt_code,
  p.created_at, COALESCE(starts_with(p.provider_ref, 'sandbox_'), false) AS sandbox,
  p.created_at::text AS cursor`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** One velocity flag as stored, with its category's names (raw SQL: a join on an id list). */
interface FlagRow {
  payment_id: string;
  kind: PaymentFlag['kind'];
  measured: number;
  threshold: number;
  window_seconds: number;
  usual: number | null;
  category_name: string | null;
  category_name_fr: string | null;
  created_at: Date | string;
  cleared_at: Date | string | null;
}

/** The velocity flags of these payments, open and cleared, by payment. */
export async function flagsOf(
  db: Db,
  paymentIds: readonly string[],
): Promise<Map<string, PaymentFlag[]>> {
  const byPayment = new Map<string, PaymentFlag[]>();
  if (!paymentIds.length) return byPayment;
  const rows = rowsOf<FlagRow>(
    await db.execute(sql`
      SELECT f.payment_id, f.kind, f.measured, f.threshold, f.window_seconds, f.usual,
        c.name AS category_name, c.name_fr AS category_name_fr, f.created_at, f.cleared_at
      FROM payment_flags f LEFT JOIN categories c ON c.id = f.category_id
      WHERE f.payment_id = ANY(string_to_array(${paymentIds.join(',')}, ',')::uuid[])
      ORDER BY f.payment_id, f.kind`),
  );
  for (const row of rows) {
    const flags = byPayment.get(row.payment_id) ?? [];
    flags.push({
      kind: row.kind,
      measured: Number(row.measured),
      threshold: Number(row.threshold),
      windowSeconds: Number(row.window_seconds),
      usual: row.usual === null ? null : Number(row.usual),
      categoryName: row.category_name,
      categoryNameFr: row.category_name_fr,
      flaggedAt: iso(row.created_at)!,
      clearedAt: iso(row.cleared_at),
    });
    byPayment.set(row.payment_id, flags);
  }
  return byPayment;
}

export function toTrackingPayment(
  row: TrackedPaymentRow,
  flags: readonly PaymentFlag[] = [],
): TrackingPayment {
  return {
    id: row.id,
    provider: row.provider,
    sandbox: Boolean(row.sandbox),
    amount: Number(row.amount),
    currency: row.currency,
    voterEmail: row.voter_email,
    phoneNumber: row.phone_number,
    deviceTimestamp: row.device_timestamp,
    ipAddress: row.ip_address,
    status: row.status,
    refundedAmount: Number(row.refunded_amount),
    totalVotes: Number(row.total_votes),
    attemptedAt: iso(row.attempted_at),
    failureReason: row.failure_reason,
    receiptCode: row.receipt_code,
    createdAt: iso(row.created_at)!,
    flags: [...flags],
  };
}

/*
 * Revenue is what finance calls gross (ADR 0048, 0050): every credited payment, refunded or
 * disputed ones included, so a partial refund leaves the figure and the count where finance has
 * them; refunds are finance's to subtract.
 */
const creditedStats = sql.raw(`s.status IN ('completed', 'refunded', 'disputed')`);
const creditedPayments = sql.raw(`p.status IN ('completed', 'refunded', 'disputed')`);

/** Summary cards over the whole filtered set, from the hourly stats when they can answer exactly. */
async function summarise(
  db: Db,
  filter: TrackingFilter,
  hashPhone: (p: string) => string,
): Promise<ProviderSummaryRow[]> {
  const fromStats = statsConditions(filter);
  const query: SQL = fromStats
    ? sql`SELECT s.provider,
          COALESCE(SUM(s.payments) FILTER (WHERE ${creditedStats}), 0)::float8 AS completed_count,
          COALESCE(SUM(s.amount) FILTER (WHERE ${creditedStats}), 0)::float8 AS completed_amount,
          COALESCE(SUM(s.payments) FILTER (WHERE s.status = 'pending' AND s.attempted), 0)::float8 AS attempted,
          COALESCE(SUM(s.payments) FILTER (WHERE s.status = 'pending' AND NOT s.attempted), 0)::float8 AS abandoned,
          COALESCE(SUM(s.payments) FILTER (WHERE s.has_failure), 0)::float8 AS failed,
          COALESCE(SUM(s.payments), 0)::float8 AS total
        FROM payment_hourly_stats s ${whereClause(fromStats)} GROUP BY s.provider`
    : sql`SELECT p.provider,
          (count(*) FILTER (WHERE ${creditedPayments}))::float8 AS completed_count,
          COALESCE(SUM(p.amount) FILTER (WHERE ${creditedPayments}), 0)::float8 AS completed_amount,
          (count(*) FILTER (WHERE p.status = 'pending' AND p.attempted_at IS NOT NULL))::float8 AS attempted,
          (count(*) FILTER (WHERE p.status = 'pending' AND p.attempted_at IS NULL))::float8 AS abandoned,
          (count(*) FILTER (WHERE p.failure_reason IS NOT NULL))::float8 AS failed,
          count(*)::float8 AS total
        FROM payments p ${whereClause(paymentConditions(filter, hashPhone))} GROUP BY p.provider`;
  return rowsOf<ProviderSummaryRow>(await db.execute(query));
}

export async function queryTracking(
  db: Db,
  filter: TrackingFilter,
  paging: { page: number; pageSize: number },
  hashPhone: (phone: string) => string,
): Promise<TrackingResponse> {
  const where = whereClause(paymentConditions(filter, hashPhone));
  const page = sql`ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`;
  // A search matches a handful of rows through its own indexes. Without the fence, the planner
  // may walk the whole created_at index hoping to fill the page, which is slowest when nothing matches.
  // The flagged payments are a few among many: found through their flags, fenced the same way.
  const rowsQuery =
    filter.search || filter.flagged
      ? sql`WITH p AS MATERIALIZED (SELECT * FROM payments p ${where}) SELECT ${PAYMENT_COLUMNS} FROM p ${page}`
      : sql`SELECT ${PAYMENT_COLUMNS} FROM payments p ${where} ${page}`;
  const [summary, rows] = await Promise.all([
    summarise(db, filter, hashPhone),
    db.execute(rowsQuery),
  ]);
  const paymentMethodStats = PROVIDERS.map((provider) => {
    const row = summary.find((r) => r.provider === provider);
    return {
      provider,
      count: Number(row?.completed_count ?? 0),
      totalAmount: Number(row?.completed_amount ?? 0),
    };
  });
  const revenueOf = (provider: 'stripe' | 'campay') => {
    const stats = paymentMethodStats.find((s) => s.provider === provider)!;
    return { revenue: stats.totalAmount, count: stats.count };
  };
  const total = (key: 'attempted' | 'abandoned' | 'failed' | 'total') =>
    summary.reduce((sum, row) => sum + Number(row[key]), 0);
  const pageRows = rowsOf<TrackedPaymentRow>(rows);
  const flags = await flagsOf(
    db,
    pageRows.map((row) => row.id),
  );
  return {
    recentPayments: pageRows.map((row) => toTrackingPayment(row, flags.get(row.id))),
    paymentMethodStats,
    stripeRevenue: revenueOf('stripe'),
    campayRevenue: revenueOf('campay'),
    attempted: total('attempted'),
    abandoned: total('abandoned'),
    failed: total('failed'),
    total: total('total'),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/**
 * Every payment of the filtered set, newest first, fetched in keyset-paged batches so an export of
 * a million rows never holds more than one batch in memory.
 */
export async function* streamTrackingBatches(
  db: Db,
  filter: TrackingFilter,
  hashPhone: (phone: string) => string,
  batchSize = 1000,
): AsyncGenerator<TrackedPaymentRow[]> {
  let after: { cursor: string; id: string } | undefined;
  for (;;) {
    const conditions = paymentConditions(filter, hashPhone);
    if (after)
      conditions.push(
        sql`(p.created_at, p.id) < (${after.cursor}::timestamptz, ${after.id}::uuid)`,
      );
    const batch = rowsOf<TrackedPaymentRow>(
      await db.execute(sql`SELECT ${PAYMENT_COLUMNS} FROM payments p ${whereClause(conditions)}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${batchSize}`),
    );
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
  }
}
