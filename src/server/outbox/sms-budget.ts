import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';

/**
 * What SMS sent on request (a receipt lookup code, a receipt sent again at the voter's asking)
 * may cost the organiser. Receipts, refund and dispute notices written with a payment are not held
 * back: each was paid for, and the voter has no other proof.
 */
export interface SmsBudget {
  /** Codes and resends one phone number (or e-mail address) may be sent per day, from anyone. */
  perRecipientPerDay: number;
  /** SMS of every kind the site writes per hour; past it, codes and resends go by e-mail only. */
  perHour: number;
}

export const SMS_BUDGET_WINDOW_MS = 60 * 60_000;
export const RECIPIENT_DAY_MS = 24 * 60 * 60_000;

/** SMS the outbox took in the last hour by the database's clock, every kind and state. */
export const smsLastHourSql = sql`(SELECT count(*)::int FROM outbox_messages
  WHERE channel = 'sms' AND created_at > now() - interval '1 hour')`;

/** True while the site's SMS of the last hour are under the budget. */
export const smsBudgetLeftSql = (budget: SmsBudget): SQL =>
  sql`(${smsLastHourSql} < ${budget.perHour}::int)`;

/**
 * How one recipient stands against the daily cap: the lookup code rows for its keyed hash
 * (written whether or not it paid, ADR 0061, so the cap says nothing about that) and the resends
 * voters asked for of the payments `paidWith` selects (its phone's hash, or its e-mail).
 * `oldest` says when the next one is allowed.
 */
export function recipientDaySql(recipientHash: string, paidWith: SQL, since: string): SQL {
  return sql`SELECT count(*)::int AS n, min(at) AS oldest FROM (
      SELECT created_at AS at FROM receipt_lookup_codes
      WHERE recipient_hash = ${recipientHash} AND created_at > ${since}::timestamptz
      UNION ALL
      SELECT created_at FROM receipt_resends
      WHERE requested_by = 'voter' AND created_at > ${since}::timestamptz
        AND payment_id IN (SELECT id FROM payments WHERE ${paidWith})) AS sent`;
}

/** The SMS of the last hour, for the admin's outbox and the metrics. */
export async function countSmsLastHour(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT ${smsLastHourSql} AS n`));
  return row?.n ?? 0;
}
