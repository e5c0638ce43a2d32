import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ProviderTotals } from '../../../shared/schemas/analytics.js';

const HOUR_MS = 3_600_000;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The tallies are per UTC hour, so a period starts at the hour bucket containing its start: exact
 * for whole-hour time zones such as WAT, within the boundary hour otherwise.
 */
export const bucketFloor = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export const emptyTotals = (): ProviderTotals => ({ votes: 0, revenue: 0, payments: 0 });

interface TotalsRow {
  provider: string;
  votes: string | number;
  revenue: string | number;
  payments: string | number;
}

/** Completed votes, revenue and payments per provider since `from` (all time when null). */
export async function providerTotals(
  db: Db,
  from: Date | null,
): Promise<{ stripe: ProviderTotals; campay: ProviderTotals }> {
  const where = from ? sql`WHERE hour >= ${bucketFloor(from).toISOString()}::timestamptz` : sql``;
  const rows = rowsOf<TotalsRow>(
    await db.execute(sql`
      SELECT provider, sum(votes)::bigint AS votes, sum(revenue)::bigint AS revenue,
             sum(payments)::bigint AS payments
      FROM provider_hourly_totals ${where} GROUP BY provider`),
  );
  const totals = { stripe: emptyTotals(), campay: emptyTotals() };
  for (const row of rows) {
    if (row.provider !== 'stripe' && row.provider !== 'campay') continue;
    totals[row.provider] = {
      votes: Number(row.votes),
      revenue: Number(row.revenue),
      payments: Number(row.payments),
    };
  }
  return totals;
}

export async function activeCounts(db: Db): Promise<{ artists: number; categories: number }> {
  const [row] = rowsOf<{ artists: number; categories: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM artists WHERE is_active)::int AS artists,
             (SELECT count(*) FROM categories WHERE is_active)::int AS categories`),
  );
  return { artists: row?.artists ?? 0, categories: row?.categories ?? 0 };
}
