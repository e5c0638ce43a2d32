import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import type { Period } from '#shared/limits.js';
import type { ProviderTotals, Timeseries } from '#shared/schemas/analytics.js';
import { bucketFloor, emptyTotals } from './provider-totals.js';
import { periodStart } from './period-start.js';
import { nextDay, startOfZonedDay, zonedToday } from '#server/time/zoned-time.js';
import { rowsOf } from '#server/db/rows.js';

const HOUR_MS = 3_600_000;
/** An all-time chart is capped to this many days so one request stays small. */
const MAX_DAYS = 1000;

/** One provider's tallies in one chart bucket (raw SQL: grouped by a computed bucket). */
interface ProviderBucketRow {
  bucket: string | Date;
  provider: string;
  votes: string | number;
  revenue: string | number;
  payments: string | number;
}

/**
 * One edition's votes, revenue and payments per provider over the period, with empty buckets
 * filled: hourly for today, per local day (in the edition's time zone) otherwise.
 */
export async function timeseries(
  db: Db,
  editionId: number,
  period: Period,
  now: Date,
  timeZone: string,
): Promise<Timeseries> {
  const granularity = period === 'today' ? 'hour' : 'day';
  let from = periodStart(period, now, timeZone);
  if (from === null) {
    const result = await db.execute(
      sql`SELECT min(hour) AS first FROM provider_hourly_totals WHERE edition_id = ${editionId}`,
    );
    const [row] = rowsOf<{ first: string | Date | null }>(result);
    from = row?.first ? new Date(row.first) : now;
  }

  const starts: Date[] = [];
  if (granularity === 'hour') {
    for (let t = bucketFloor(from).getTime(); t <= now.getTime(); t += HOUR_MS) {
      starts.push(new Date(t));
    }
  } else {
    // YYYY-MM-DD strings compare in calendar order.
    const last = zonedToday(timeZone, now);
    let day = zonedToday(timeZone, from);
    for (let i = 0; i < MAX_DAYS && day <= last; i++) {
      starts.push(startOfZonedDay(day, timeZone));
      day = nextDay(day);
    }
    if (starts.length === MAX_DAYS) starts.splice(0, starts.length - MAX_DAYS);
  }
  const first = starts[0] ?? bucketFloor(now);

  const bucket =
    granularity === 'hour'
      ? sql`hour`
      : sql`(date_trunc('day', hour AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
  const result = await db.execute(sql`
    SELECT ${bucket} AS bucket, provider, sum(votes)::bigint AS votes,
           sum(revenue)::bigint AS revenue, sum(payments)::bigint AS payments
    FROM provider_hourly_totals
    WHERE edition_id = ${editionId} AND hour >= ${bucketFloor(first).toISOString()}::timestamptz
    GROUP BY 1, 2`);

  const points = new Map(
    starts.map((start) => [
      start.getTime(),
      { start: start.toISOString(), stripe: emptyTotals(), campay: emptyTotals() },
    ]),
  );
  for (const row of rowsOf<ProviderBucketRow>(result)) {
    const point = points.get(new Date(row.bucket).getTime());
    if (!point || (row.provider !== 'stripe' && row.provider !== 'campay')) continue;
    const totals: ProviderTotals = {
      votes: Number(row.votes),
      revenue: Number(row.revenue),
      payments: Number(row.payments),
    };
    point[row.provider] = totals;
  }
  return { period, granularity, timeZone, points: [...points.values()] };
}
