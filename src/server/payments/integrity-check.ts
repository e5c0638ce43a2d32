import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import type { IntegrityDifference, IntegrityReport } from '#shared/schemas/integrity.js';

/** Enough to act on; a report of thousands would say the same thing. */
const MAX_DIFFERENCES_PER_KIND = 100;

/**
 * Recomputes the books from the payments and compares them with what settle() and
 * revisePayment() maintain: every tally from the votes its payments keep, what each payment keeps
 * from its money (counted-votes.ts, in SQL: integer division rounds down as keptVotes does), and
 * the hourly counts trending reads. Read-only, in one snapshot, so a settlement committing
 * meanwhile cannot show as a difference. With `editionId`, one edition's books (its nominations
 * and its payments; a payment votes only in its own edition), without reading the others'.
 */
export async function checkIntegrity(
  db: Db,
  now = new Date(),
  options: { editionId?: number } = {},
): Promise<IntegrityReport> {
  const { editionId } = options;
  const editionNominations = sql`SELECT n.id FROM nominations n
    JOIN categories c ON c.id = n.category_id WHERE c.edition_id = ${editionId ?? null}`;
  const ofNominations = (column: SQL) =>
    editionId === undefined ? sql`` : sql`WHERE ${column} IN (${editionNominations})`;
  const ofPayments = (column: SQL) =>
    editionId === undefined
      ? sql``
      : sql`WHERE ${column} IN (SELECT id FROM payments WHERE edition_id = ${editionId})`;
  const differences = await db.transaction(
    async (tx) => {
      const tallies = await tx.execute(sql`
        SELECT n.id, COALESCE(v.kept, 0)::int AS expected, n.vote_count AS actual
        FROM (SELECT * FROM nominations n ${ofNominations(sql`n.id`)}) n
        LEFT JOIN (SELECT nomination_id, SUM(counted) AS kept FROM payment_votes
                   ${ofNominations(sql`nomination_id`)} GROUP BY nomination_id) v
          ON v.nomination_id = n.id
        WHERE n.vote_count <> COALESCE(v.kept, 0)
        ORDER BY n.id LIMIT ${MAX_DIFFERENCES_PER_KIND}`);
      const kept = await tx.execute(sql`
        SELECT id, expected, actual FROM (
          SELECT p.id, v.counted::int AS actual, (CASE
              WHEN p.status NOT IN ('completed', 'refunded', 'disputed') THEN 0
              WHEN p.dispute_status IS NOT NULL
                AND p.dispute_status NOT IN ('won', 'warning_closed') THEN 0
              WHEN p.amount <= 0 OR p.refunded_amount >= p.amount THEN 0
              ELSE ((p.amount - p.refunded_amount)::bigint * p.total_votes) / p.amount
            END)::int AS expected
          FROM (SELECT * FROM payments p ${ofPayments(sql`p.id`)}) p
          JOIN (SELECT payment_id, SUM(counted) AS counted FROM payment_votes
                ${ofPayments(sql`payment_id`)} GROUP BY payment_id) v
            ON v.payment_id = p.id) k
        WHERE expected <> actual
        ORDER BY id LIMIT ${MAX_DIFFERENCES_PER_KIND}`);
      const trending = await tx.execute(sql`
        SELECT n.id, n.vote_count AS expected, COALESCE(h.votes, 0)::int AS actual
        FROM (SELECT * FROM nominations n ${ofNominations(sql`n.id`)}) n
        LEFT JOIN (SELECT nomination_id, SUM(votes) AS votes FROM nomination_hourly_votes
                   ${ofNominations(sql`nomination_id`)} GROUP BY nomination_id) h
          ON h.nomination_id = n.id
        WHERE n.vote_count <> COALESCE(h.votes, 0)
        ORDER BY n.id LIMIT ${MAX_DIFFERENCES_PER_KIND}`);
      const of = (kind: IntegrityDifference['kind'], result: unknown) =>
        rowsOf<Omit<IntegrityDifference, 'kind'>>(result).map((row) => ({
          kind,
          id: row.id,
          expected: Number(row.expected),
          actual: Number(row.actual),
        }));
      return [...of('tally', tallies), ...of('payment', kept), ...of('trending', trending)];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { ok: differences.length === 0, checkedAt: now.toISOString(), differences };
}
