import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import type { ProviderTotals } from '#shared/schemas/analytics.js';
import { rowsOf } from '#server/db/rows.js';

const HOUR_MS = 3_600_000;

/**
 * The tallies are per UTC hour, so a period starts at the hour bucket containing its start: exact
 * for whole-hour time zones such as WAT, within the boundary hour otherwise.
 */
export const bucketFloor = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export const emptyTotals = (): ProviderTotals => ({ votes: 0, revenue: 0, payments: 0 });

/** One provider's summed tallies (raw SQL: a VALUES list joined to aggregates). */
interface ProviderTotalsRow {
  provider: 'stripe' | 'campay';
  votes: string | number;
  revenue: string | number;
  payments: string | number;
  artists: number | null;
  categories: number | null;
}

export interface ProviderTotalsResult {
  stripe: ProviderTotals;
  campay: ProviderTotals;
  /** Visible artists and categories, when asked for (one round trip for the dashboard cards). */
  counts?: { artists: number; categories: number };
}

/**
 * One edition's completed votes, revenue and payments per provider since `from` (all time when
 * null). The tallies' key starts with the edition, so the sum reads that edition's rows only.
 */
export async function providerTotals(
  db: Db,
  editionId: number,
  from: Date | null,
  options: { withCounts?: boolean } = {},
): Promise<ProviderTotalsResult> {
  const since = from ? sql`AND t.hour >= ${bucketFloor(from).toISOString()}::timestamptz` : sql``;
  // Artists are shared by every edition: an edition's are the visible ones it nominates.
  const counts = options.withCounts
    ? sql`(SELECT count(DISTINCT a.id) FROM artists a
             JOIN nominations n ON n.artist_id = a.id AND n.is_active
             JOIN categories c ON c.id = n.category_id AND c.is_active
               AND c.edition_id = ${editionId}
           WHERE a.is_active)::int AS artists,
          (SELECT count(*) FROM categories
           WHERE is_active AND edition_id = ${editionId})::int AS categories`
    : sql`NULL::int AS artists, NULL::int AS categories`;
  // Summed per provider in a lateral subquery: each sum walks its (edition, provider) part of the
  // key, where one join of the providers with the tallies had PostgreSQL read every edition's rows.
  const rows = rowsOf<ProviderTotalsRow>(
    await db.execute(sql`
      SELECT p.provider, coalesce(t.votes, 0)::bigint AS votes,
             coalesce(t.revenue, 0)::bigint AS revenue,
             coalesce(t.payments, 0)::bigint AS payments, ${counts}
      FROM (VALUES ('stripe'), ('campay')) AS p(provider)
      CROSS JOIN LATERAL (
        SELECT sum(t.votes) AS votes, sum(t.revenue) AS revenue, sum(t.payments) AS payments
        FROM provider_hourly_totals t
        WHERE t.edition_id = ${editionId} AND t.provider = p.provider ${since}) t`),
  );
  const result: ProviderTotalsResult = { stripe: emptyTotals(), campay: emptyTotals() };
  for (const row of rows) {
    result[row.provider] = {
      votes: Number(row.votes),
      revenue: Number(row.revenue),
      payments: Number(row.payments),
    };
    if (options.withCounts) {
      result.counts = { artists: row.artists ?? 0, categories: row.categories ?? 0 };
    }
  }
  return result;
}
