import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.js';
import type { Config } from '#server/config.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { PeriodicJob } from '#server/jobs/periodic-job.js';
import type { PaymentFlagKind } from '#shared/schemas/payment-flags.js';

export type VelocitySettings = Config['velocity'];

/**
 * Payments whose money arrived (or may have: an amount in review): the only ones a flag is about.
 * Unpaid attempts are the prompt and card-testing limits' business.
 */
const PAID = sql.raw(`('completed', 'refunded', 'disputed', 'needs_review')`);

/** One flag as a rule measured it. */
interface MeasuredFlag {
  id: string;
  edition_id: number;
  measured: number;
  usual: number | null;
  category_id: string | null;
}

/**
 * Flags the paid payments of the last `lookbackMinutes` (of every edition, each measured against
 * its own edition's payments only) by velocity, and answers how many flags it wrote or raised.
 * Idempotent: one flag per payment and kind, a repeat only raises what an open flag measured, and
 * a cleared flag stays cleared. It reads the payments and writes only `payment_flags`, so it never
 * holds a payment's row and cannot slow or fail a payment.
 */
export async function flagVelocity(
  db: Db,
  settings: VelocitySettings,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - settings.lookbackMinutes * 60_000);
  const phonesWindow = settings.phonesWindowMinutes * 60;
  let written = 0;
  written += await writeFlags(
    db,
    'device-phones',
    { threshold: settings.phonesPerDevice, windowSeconds: phonesWindow },
    await distinctWithin(db, {
      since,
      windowSeconds: phonesWindow,
      threshold: settings.phonesPerDevice,
      // A device is an address and a browser: a shared connection (a campus, a carrier's NAT)
      // puts many honest voters on one address, far fewer on one address and one browser build.
      lines: sql`SELECT id, edition_id, created_at, ip_address || ' ' || COALESCE(user_agent, '') AS key,
          phone_hash AS item
        FROM payments WHERE ip_address IS NOT NULL AND phone_hash IS NOT NULL AND status IN ${PAID}`,
    }),
  );
  written += await writeFlags(
    db,
    'address-phones',
    { threshold: settings.phonesPerAddress, windowSeconds: phonesWindow },
    await distinctWithin(db, {
      since,
      windowSeconds: phonesWindow,
      threshold: settings.phonesPerAddress,
      lines: sql`SELECT id, edition_id, created_at, ip_address AS key, phone_hash AS item
        FROM payments WHERE ip_address IS NOT NULL AND phone_hash IS NOT NULL AND status IN ${PAID}`,
    }),
  );
  written += await writeFlags(
    db,
    'phone-nominees',
    { threshold: settings.nomineesPerPhone, windowSeconds: settings.nomineesWindowSeconds },
    await distinctWithin(db, {
      since,
      windowSeconds: settings.nomineesWindowSeconds,
      threshold: settings.nomineesPerPhone,
      lines: sql`SELECT p.id, p.edition_id, p.created_at, p.phone_hash AS key,
          v.nomination_id::text AS item
        FROM payments p JOIN payment_votes v ON v.payment_id = p.id
        WHERE p.phone_hash IS NOT NULL AND p.status IN ${PAID}`,
    }),
  );
  written += await writeFlags(
    db,
    'category-burst',
    { threshold: settings.burstMinVotes, windowSeconds: settings.burstWindowMinutes * 60 },
    await categoryBursts(db, settings, since),
  );
  return written;
}

/**
 * The payments among `lines` (id, edition_id, created_at, key, item) whose key gathered at least
 * `threshold` distinct items within some `windowSeconds`: each payment of such a window is flagged
 * with the most it was seen in. Keys that never reach the threshold over the whole range are
 * dropped first, so windows are only counted for the few suspicious keys, and joined on the key
 * (hashed), so the work grows with each key's own payments, never with all of them.
 */
async function distinctWithin(
  db: Db,
  rule: { since: Date; windowSeconds: number; threshold: number; lines: SQL },
): Promise<MeasuredFlag[]> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const since = sql`${rule.since.toISOString()}::timestamptz`;
  return rowsOf<MeasuredFlag>(
    await db.execute(sql`
      WITH r AS MATERIALIZED (
        SELECT * FROM (${rule.lines}) l WHERE l.created_at >= ${since} - ${window}),
      suspicious AS (
        SELECT edition_id, key FROM r GROUP BY edition_id, key
        HAVING count(DISTINCT item) >= ${rule.threshold}),
      c AS MATERIALIZED (SELECT r.* FROM r JOIN suspicious s USING (edition_id, key)),
      -- Each payment closes a window of the rule's length: how many items that window gathered.
      ends AS (SELECT DISTINCT edition_id, key, created_at AS until FROM c),
      hits AS (
        SELECT e.edition_id, e.key, e.until, count(DISTINCT q.item)::int AS items
        FROM ends e JOIN c q ON q.edition_id = e.edition_id AND q.key = e.key
          AND q.created_at BETWEEN e.until - ${window} AND e.until
        GROUP BY e.edition_id, e.key, e.until
        HAVING count(DISTINCT q.item) >= ${rule.threshold})
      SELECT c.id, c.edition_id, max(h.items)::int AS measured, NULL::int AS usual,
        NULL::uuid AS category_id
      FROM c JOIN hits h ON h.edition_id = c.edition_id AND h.key = c.key
        AND c.created_at BETWEEN h.until - ${window} AND h.until
      WHERE c.created_at >= ${since}
      GROUP BY c.id, c.edition_id`),
  );
}

/**
 * Payments that took part in a burst of their category: votes within `burstWindowMinutes` at
 * least `burstFactor` times the category's usual votes for such a window (from its hourly counts
 * over the `burstBaselineHours` before) and at least `burstMinVotes`. Sliding sums over each
 * category's vote lines find the windows; every line up to a window's length before a bursting
 * one is part of it. A payment in several bursting categories is flagged with the largest.
 */
async function categoryBursts(
  db: Db,
  settings: VelocitySettings,
  since: Date,
): Promise<MeasuredFlag[]> {
  const windowSeconds = settings.burstWindowMinutes * 60;
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const baseline = sql`make_interval(hours => ${settings.burstBaselineHours})`;
  const windowsPerBaseline = (settings.burstBaselineHours * 3600) / windowSeconds;
  const start = sql`${since.toISOString()}::timestamptz`;
  return rowsOf<MeasuredFlag>(
    await db.execute(sql`
      WITH r AS MATERIALIZED (
        SELECT p.id, p.edition_id, p.created_at, n.category_id, v.vote_count
        FROM payments p
        JOIN payment_votes v ON v.payment_id = p.id
        JOIN nominations n ON n.id = v.nomination_id
        WHERE p.status IN ${PAID} AND p.created_at >= ${start} - ${window}),
      windows AS MATERIALIZED (
        SELECT r.*, sum(r.vote_count) OVER (PARTITION BY r.category_id ORDER BY r.created_at
            RANGE BETWEEN ${window} PRECEDING AND CURRENT ROW)::int AS votes,
          date_trunc('hour', r.created_at - ${window}) AS baseline_end
        FROM r),
      -- The usual rate: the category's counted votes per window over the hours before the
      -- window's hour (the hourly counts trending reads), so the burst itself is left out. Only
      -- for the windows that reach the minimum: the rest cannot burst.
      usual AS (
        SELECT b.category_id, b.baseline_end,
          round(COALESCE(sum(h.votes), 0) / ${windowsPerBaseline}::numeric)::int AS usual
        FROM (SELECT DISTINCT category_id, baseline_end FROM windows
              WHERE votes >= ${settings.burstMinVotes}) b
        JOIN nominations n ON n.category_id = b.category_id
        LEFT JOIN nomination_hourly_votes h ON h.nomination_id = n.id
          AND h.hour >= b.baseline_end - ${baseline} AND h.hour < b.baseline_end
        GROUP BY b.category_id, b.baseline_end),
      marked AS (
        SELECT w.*, u.usual,
          w.votes >= ${settings.burstMinVotes} AND w.votes >= ${settings.burstFactor} * u.usual
            AS hit
        FROM windows w LEFT JOIN usual u USING (category_id, baseline_end)),
      spread AS (
        SELECT m.id, m.edition_id, m.category_id, m.created_at,
          max(CASE WHEN m.hit THEN m.votes END) OVER ahead AS burst_votes,
          max(CASE WHEN m.hit THEN m.usual END) OVER ahead AS burst_usual
        FROM marked m
        WINDOW ahead AS (PARTITION BY m.category_id ORDER BY m.created_at
          RANGE BETWEEN CURRENT ROW AND ${window} FOLLOWING))
      SELECT DISTINCT ON (s.id) s.id, s.edition_id, s.burst_votes AS measured,
        s.burst_usual AS usual, s.category_id
      FROM spread s
      WHERE s.burst_votes IS NOT NULL AND s.created_at >= ${start}
      ORDER BY s.id, s.burst_votes DESC`),
  );
}

/**
 * Writes one kind's flags: new ones inserted, an open one raised when it now measures more. A
 * cleared flag is left as the organiser left it.
 */
async function writeFlags(
  db: Db,
  kind: PaymentFlagKind,
  rule: { threshold: number; windowSeconds: number },
  flags: readonly MeasuredFlag[],
): Promise<number> {
  if (!flags.length) return 0;
  const recordset = sql`jsonb_to_recordset(${JSON.stringify(flags)}::jsonb)
    AS f(id uuid, edition_id int, measured int, usual int, category_id uuid)`;
  const written = await db.execute(sql`
    INSERT INTO payment_flags (payment_id, edition_id, kind, measured, threshold, window_seconds,
      category_id, usual)
    SELECT f.id, f.edition_id, ${kind}, f.measured, ${rule.threshold}, ${rule.windowSeconds},
      f.category_id, f.usual
    FROM ${recordset} ORDER BY f.id
    ON CONFLICT (payment_id, kind) DO UPDATE SET measured = EXCLUDED.measured,
      usual = EXCLUDED.usual, category_id = EXCLUDED.category_id
    WHERE payment_flags.cleared_at IS NULL AND EXCLUDED.measured > payment_flags.measured
    RETURNING payment_id`);
  return rowsOf<{ payment_id: string }>(written).length;
}

/**
 * The velocity flags every VELOCITY_CHECK_INTERVAL_SECONDS, once per tick across instances and
 * never two runs at once (its advisory lock). A run that fails is logged and the next one looks
 * at the same payments again.
 */
export function velocityJob(
  ctx: Pick<AppContext, 'config' | 'database' | 'db' | 'log'>,
): PeriodicJob {
  return {
    name: 'velocity flags',
    intervalSeconds: ctx.config.velocity.intervalSeconds,
    run: async () => {
      const run = await ctx.database.locks.run(ADVISORY_LOCKS.velocity, () =>
        flagVelocity(ctx.db, ctx.config.velocity),
      );
      if (!run.held) return 'skipped';
      if (run.value) ctx.log.info({ flags: run.value }, 'velocity flags written');
    },
  };
}
