import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.js';
import { SYSTEM_ACTOR } from '#server/features/audit/record-audit.js';
import { publishResults } from '#server/features/event/event-store.js';
import { disputeStanding, keptVotes } from '#server/payments/counted-votes.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment, revisePaymentAs } from '#test/factories/payment-factory.js';
import { createPaymentFlag } from '#test/factories/payment-flag-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { tallyMismatches } from '#test/support/payment-test-kit.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describePostgres } from '#test/support/test-database.js';
import type { PaymentRevision } from '#server/payments/revise-payment.js';

const PAYMENTS = 60;

type Race =
  'two holds' | 'hold and a refund in part' | 'hold and a full refund' | 'hold and a dispute';
const RACES: Race[] = [
  'two holds',
  'hold and a refund in part',
  'hold and a full refund',
  'hold and a dispute',
];

/**
 * Organisers holding flagged payments for review while the provider's refund and dispute
 * webhooks for the same payments land, and two organisers holding the same payment at once, all
 * concurrently on PostgreSQL after the results were published. Each payment ends where its
 * money and the winner of its race leave it: a hold takes the votes out exactly once (one audit
 * row, one status change, one ledger correction), a refund or dispute that got there first is
 * never undone, and the tallies, the integrity check and the published ledger's corrected totals
 * all agree.
 */
describePostgres('holds for review racing refunds, disputes and each other on PostgreSQL', () => {
  let t: TestApp;
  let admins: Record<string, string>[];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admins = await Promise.all(
      [0, 1].map(async () => (await signedInUser(t.database.db, { isAdmin: true })).headers),
    );
  });
  afterAll(() => t.close());

  it('takes the votes out exactly once, whoever comes first', async () => {
    const db = t.database.db;
    const nominees = await Promise.all([0, 1, 2].map(() => createNominee(db)));
    const planned = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const votes = 2 + (i % 5);
      const payment = await createCompletedPayment(db, {
        provider: 'stripe',
        votes: [{ nominationId: nominees[i % 3]!.nominations[0]!.id, voteCount: votes }],
        payment: { providerRef: `pi_hold_race_${i}` },
      });
      await createPaymentFlag(db, payment);
      planned.push({ payment, race: RACES[i % RACES.length]! });
    }
    await publishResults(db, SYSTEM_ACTOR);

    const hold = (id: string, admin: Record<string, string>) =>
      call(t.app, {
        method: 'POST',
        url: `/api/admin/payments/${id}/hold`,
        headers: admin,
        json: { reason: 'Many phones from one device' },
      });
    const webhook = (id: string, revision: PaymentRevision) => revisePaymentAs(db, id, revision);
    const revisionOf = (race: Race, amount: number): PaymentRevision | null => {
      switch (race) {
        case 'two holds':
          return null;
        case 'hold and a refund in part':
          return { kind: 'refund', refundedAmount: Math.floor(amount / 2) };
        case 'hold and a full refund':
          return { kind: 'refund', refundedAmount: amount };
        case 'hold and a dispute':
          return { kind: 'dispute', disputeId: 'dp_race', status: 'needs_response' };
      }
    };

    // A webhook is quicker to start than a request through the app, and the holds take turns on
    // the ledger's chain: half the webhooks start at once, half after a random pause of up to the
    // time the holds take, so each race is won both ways.
    const pause = (late: boolean) =>
      new Promise((resolve) => setTimeout(resolve, Math.random() * (late ? 3000 : 100)));
    const outcomes = await Promise.all(
      planned.map(async ({ payment, race }, i) => {
        const revision = revisionOf(race, payment.amount);
        const [first, second] = await Promise.all([
          hold(payment.id, admins[0]!),
          revision
            ? pause(i % 8 >= 4).then(() => webhook(payment.id, revision))
            : hold(payment.id, admins[1]!),
        ]);
        const holds = [first, ...(revision ? [] : [second as Awaited<ReturnType<typeof hold>>])];
        for (const answer of holds) expect([200, 409, 422]).toContain(answer.status);
        return { payment, race, revision, held: holds.filter((a) => a.status === 200).length };
      }),
    );

    const rows = rowsOf<{
      id: string;
      status: string;
      refunded_amount: number;
      dispute_status: string | null;
      counted: number;
      holds: number;
      audits: number;
      hold_votes: number | null;
    }>(
      await db.execute(sql`
        SELECT p.id, p.status, p.refunded_amount, p.dispute_status,
          (SELECT SUM(counted)::int FROM payment_votes v WHERE v.payment_id = p.id) AS counted,
          (SELECT count(*)::int FROM payment_events e WHERE e.payment_id = p.id
             AND e.from_status = 'completed' AND e.to_status = 'needs_review') AS holds,
          (SELECT count(*)::int FROM audit_log a WHERE a.entity_id = p.id::text
             AND a.action = 'payment.hold') AS audits
        FROM payments p`),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    let heldVotes = 0;
    for (const { payment, race, revision, held } of outcomes) {
      const row = byId.get(payment.id)!;
      const where = `${race} ${payment.id}`;
      // One hold at most, and its status change and audit row exactly when it answered 200.
      expect(held, where).toBeLessThanOrEqual(1);
      expect(row.holds, where).toBe(held);
      expect(row.audits, where).toBe(held);
      if (race === 'two holds') expect(held, where).toBe(1);
      const refunded = revision?.kind === 'refund' ? revision.refundedAmount : 0;
      const dispute = revision?.kind === 'dispute' ? revision.status : null;
      // The webhook is never lost, whichever came first.
      expect(Number(row.refunded_amount), where).toBe(refunded);
      expect(row.dispute_status, where).toBe(dispute);
      const kept = keptVotes(
        { amount: payment.amount, totalVotes: payment.totalVotes, refundedAmount: refunded },
        disputeStanding(dispute),
      );
      expect(Number(row.counted), where).toBe(held ? 0 : kept);
      if (held) heldVotes += payment.totalVotes;
    }
    expect(heldVotes).toBeGreaterThan(0);

    expect(await tallyMismatches(db)).toEqual([]);
    // The published ledger: one correction per hold, taking out what the payment had counted.
    const [holdCorrections] = rowsOf<{ corrections: number; votes: number }>(
      await db.execute(sql`
        SELECT count(*)::int AS corrections, COALESCE(SUM((c->>'votes')::int), 0)::int AS votes
        FROM results_ledger_corrections r, jsonb_array_elements(r.changes) c
        WHERE r.reason = 'hold'`),
    );
    expect(holdCorrections).toEqual({
      corrections: outcomes.reduce((sum, o) => sum + o.held, 0),
      votes: -heldVotes,
    });
    const ledgerDifferences = rowsOf(
      await db.execute(sql`
        WITH published AS (
          SELECT (v->>'nominationId')::uuid AS nomination_id, SUM((v->>'votes')::int) AS votes
          FROM results_ledger_entries e, jsonb_array_elements(e.votes) v GROUP BY 1),
        corrected AS (
          SELECT (c->>'nominationId')::uuid AS nomination_id, SUM((c->>'votes')::int) AS votes
          FROM results_ledger_corrections r, jsonb_array_elements(r.changes) c GROUP BY 1)
        SELECT n.id, n.vote_count, COALESCE(p.votes, 0) + COALESCE(c.votes, 0) AS ledger
        FROM nominations n
        LEFT JOIN published p ON p.nomination_id = n.id
        LEFT JOIN corrected c ON c.nomination_id = n.id
        WHERE n.vote_count <> COALESCE(p.votes, 0) + COALESCE(c.votes, 0)`),
    );
    expect(ledgerDifferences).toEqual([]);
  });
});
