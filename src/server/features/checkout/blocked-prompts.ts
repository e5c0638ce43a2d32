import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { BlockedPromptReason, BlockedPrompts } from '#shared/schemas/tracking.js';

/**
 * How many minutes are left of a phone's rest from prompts, or null when it may be prompted: a
 * phone whose last `afterUnanswered` mobile-money payments were all declined or went unanswered
 * (failed) gets no prompt until `minutes` after the last of them. Read from the payments
 * themselves, so every instance agrees and a restart forgets nothing. A completed payment breaks
 * the run; payments still pending are not counted either way, nor is a failure Campay never knew
 * of (no reference: its collect was refused or lost while it was down), since no prompt reached
 * the phone: an outage must not make voters rest.
 */
export async function unansweredPromptRest(
  db: Db,
  phoneHash: string,
  { afterUnanswered, minutes }: { afterUnanswered: number; minutes: number },
): Promise<number | null> {
  const [row] = rowsOf<{ minutes_left: number }>(
    await db.execute(sql`
      WITH last AS (
        SELECT status, created_at FROM payments
        WHERE phone_hash = ${phoneHash} AND provider = 'campay' AND status <> 'pending'
          AND (status <> 'failed' OR provider_ref IS NOT NULL)
        ORDER BY created_at DESC LIMIT ${afterUnanswered})
      SELECT ceil(extract(epoch FROM
               max(created_at) + make_interval(mins => ${minutes}) - now()) / 60)::int AS minutes_left
      FROM last
      HAVING count(*) = ${afterUnanswered} AND bool_and(status = 'failed')
         AND max(created_at) + make_interval(mins => ${minutes}) > now()`),
  );
  return row ? Math.max(1, Number(row.minutes_left)) : null;
}

/** Counts one refused request for the organiser: one row per phone, reason and hour. */
export async function recordBlockedPrompt(
  db: Db,
  editionId: number,
  phoneHash: string,
  reason: BlockedPromptReason,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO blocked_prompts (edition_id, phone_hash, reason, hour, attempts)
    VALUES (${editionId}, ${phoneHash}, ${reason}, date_trunc('hour', now()), 1)
    ON CONFLICT (edition_id, phone_hash, reason, hour)
    DO UPDATE SET attempts = blocked_prompts.attempts + 1`);
}

/** What was refused in the edition over the last 24 hours (by whole hours). */
export async function blockedPromptsOf(db: Db, editionId: number): Promise<BlockedPrompts> {
  const [row] = rowsOf<{ phones: number; unanswered: number; hourly_limit: number }>(
    await db.execute(sql`
      SELECT count(DISTINCT phone_hash)::int AS phones,
             COALESCE(SUM(attempts) FILTER (WHERE reason = 'unanswered'), 0)::int AS unanswered,
             COALESCE(SUM(attempts) FILTER (WHERE reason = 'hourly-limit'), 0)::int AS hourly_limit
      FROM blocked_prompts
      WHERE edition_id = ${editionId} AND hour > date_trunc('hour', now()) - interval '24 hours'`),
  );
  return {
    phones: Number(row?.phones ?? 0),
    attempts: {
      unanswered: Number(row?.unanswered ?? 0),
      hourlyLimit: Number(row?.hourly_limit ?? 0),
    },
  };
}
