import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { payments } from '#server/db/schema.js';
import { rowsOf } from '#server/db/rows.js';
import { checkIntegrity } from '#server/payments/integrity-check.js';
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
 * Whole-database invariant: the app's own integrity check finds nothing (every tally is what its
 * payments keep in it, every payment keeps what its money covers, the hourly counts add up), the
 * provider totals are the sales of every payment that completed (refunded or disputed since
 * included, a payment refunded from review never having sold), and every payment left pending at most once.
 */
export async function tallyMismatches(db: Db): Promise<string[]> {
  const rows = (r: unknown) => rowsOf<Record<string, unknown>>(r);
  const problems = (await checkIntegrity(db)).differences.map(
    (d) => `${d.kind} ${d.id}: ${d.actual} where ${d.expected} was expected`,
  );
  const providerDiff = rows(
    await db.execute(sql`
      SELECT p.provider, t.votes AS tally_votes, p.votes, t.revenue, p.revenue AS expected_revenue,
             t.payments AS tally_payments, p.payments
      FROM (SELECT provider, SUM(total_votes)::int AS votes, SUM(amount)::int AS revenue, COUNT(*)::int AS payments
            -- A receipt code marks a payment that completed: one refunded from review never sold,
            -- one an organiser holds for review did.
            FROM payments WHERE status IN ('completed', 'refunded', 'disputed', 'needs_review')
              AND receipt_code IS NOT NULL GROUP BY provider) p
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
