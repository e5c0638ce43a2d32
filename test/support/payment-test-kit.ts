import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { payments } from '#server/db/schema.js';
import { rowsOf } from '#server/db/rows.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';

/** Test helpers shared by the checkout, receipts and settlement suites. */

/** An artist nominated in `categoryCount` new categories. */
export async function nomineeWith(db: Db, categoryCount = 2) {
  const categoryIds: string[] = [];
  for (let i = 0; i < categoryCount; i++) categoryIds.push((await createCategory(db)).id);
  return createNominee(db, { categoryIds });
}

export function split(nominee: { nominations: { id: string }[] }, counts: number[]) {
  return counts.map((voteCount, i) => ({ nominationId: nominee.nominations[i]!.id, voteCount }));
}

export async function paymentRow(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * Whole-database invariant: every tally equals what the completed payments' votes add up to, and
 * every payment left pending at most once.
 */
export async function tallyMismatches(db: Db): Promise<string[]> {
  const rows = (r: unknown) => rowsOf<Record<string, unknown>>(r);
  const problems: string[] = [];
  const nominationDiff = rows(
    await db.execute(sql`
      SELECT n.id, n.vote_count, COALESCE(v.votes, 0)::int AS expected FROM nominations n
      LEFT JOIN (SELECT pv.nomination_id, SUM(pv.vote_count)::int AS votes FROM payment_votes pv
                 JOIN payments p ON p.id = pv.payment_id AND p.status = 'completed'
                 GROUP BY pv.nomination_id) v ON v.nomination_id = n.id
      WHERE n.vote_count <> COALESCE(v.votes, 0)`),
  );
  for (const r of nominationDiff)
    problems.push(`nomination ${String(r.id)}: ${String(r.vote_count)} vs ${String(r.expected)}`);
  const hourlyDiff = rows(
    await db.execute(sql`
      SELECT n.id, COALESCE(h.votes, 0)::int AS hourly, n.vote_count FROM nominations n
      LEFT JOIN (SELECT nomination_id, SUM(votes)::int AS votes FROM nomination_hourly_votes GROUP BY nomination_id) h
        ON h.nomination_id = n.id
      WHERE COALESCE(h.votes, 0) <> n.vote_count`),
  );
  for (const r of hourlyDiff)
    problems.push(
      `hourly votes of ${String(r.id)}: ${String(r.hourly)} vs ${String(r.vote_count)}`,
    );
  const providerDiff = rows(
    await db.execute(sql`
      SELECT p.provider, t.votes AS tally_votes, p.votes, t.revenue, p.revenue AS expected_revenue,
             t.payments AS tally_payments, p.payments
      FROM (SELECT provider, SUM(total_votes)::int AS votes, SUM(amount)::int AS revenue, COUNT(*)::int AS payments
            FROM payments WHERE status = 'completed' GROUP BY provider) p
      FULL JOIN (SELECT provider, SUM(votes)::int AS votes, SUM(revenue)::int AS revenue, SUM(payments)::int AS payments
                 FROM provider_hourly_totals GROUP BY provider) t ON t.provider = p.provider
      WHERE t.votes IS DISTINCT FROM p.votes OR t.revenue IS DISTINCT FROM p.revenue
         OR t.payments IS DISTINCT FROM p.payments`),
  );
  for (const r of providerDiff) problems.push(`provider totals: ${JSON.stringify(r)}`);
  const transitions = rows(
    await db.execute(sql`
      SELECT payment_id, COUNT(*)::int AS n FROM payment_events WHERE from_status = 'pending'
      GROUP BY payment_id HAVING COUNT(*) > 1`),
  );
  for (const r of transitions)
    problems.push(`payment ${String(r.payment_id)} left pending ${String(r.n)} times`);
  return problems;
}
