import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nominations, paymentEvents, payments } from '#server/db/schema.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { isReceiptCodeShape } from './receipt-code.js';
import { settle } from './settle.js';

const voteCountOf = async (database: TestDatabase, nominationId: string) =>
  (await database.db.select().from(nominations).where(eq(nominations.id, nominationId)))[0]!
    .voteCount;

describeEachDatabase('settle()', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  async function pending(voteCount = 3, provider: 'campay' | 'stripe' = 'campay') {
    const nominee = await createNominee(database.db);
    const nominationId = nominee.nominations[0]!.id;
    const payment = await createPendingPayment(database.db, {
      provider,
      votes: [{ nominationId, voteCount }],
    });
    return { payment, nominationId };
  }

  it('completes once: credits votes, assigns a receipt code, records the event; repeats are no-ops', async () => {
    const { payment, nominationId } = await pending(3);
    const outcome = { status: 'completed', amount: 300, currency: 'XAF' } as const;
    const first = await settle({ db: database.db, outbox: null }, payment.id, outcome, 'webhook');
    expect(first.changed).toBe(true);
    expect(first.status).toBe('completed');
    expect(isReceiptCodeShape(first.receiptCode!)).toBe(true);
    const again = await settle({ db: database.db, outbox: null }, payment.id, outcome, 'poll');
    expect(again).toEqual({ changed: false, status: 'completed', receiptCode: first.receiptCode });
    const failedLater = await settle(
      { db: database.db, outbox: null },
      payment.id,
      { status: 'failed', reason: 'late' },
      'poll',
    );
    expect(failedLater.changed).toBe(false);
    expect(await voteCountOf(database, nominationId)).toBe(3);
    const events = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id));
    expect(events).toEqual([
      expect.objectContaining({ fromStatus: 'pending', toStatus: 'completed', source: 'webhook' }),
    ]);
  });

  it('puts a payment whose reported amount or currency differs in review, crediting nothing', async () => {
    for (const outcome of [
      { status: 'completed', amount: 200, currency: 'XAF' },
      { status: 'completed', amount: 300, currency: 'USD' },
    ] as const) {
      const { payment, nominationId } = await pending(3);
      const result = await settle(
        { db: database.db, outbox: null },
        payment.id,
        outcome,
        'callback',
      );
      expect(result).toMatchObject({ changed: true, status: 'needs_review', receiptCode: null });
      const [row] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row!.failureReason).toMatch(/^amount_mismatch/);
      // A later report of the right amount does not credit it behind the reviewer's back.
      const again = await settle(
        { db: database.db, outbox: null },
        payment.id,
        { status: 'completed', amount: payment.amount, currency: payment.currency },
        'poll',
      );
      expect(again).toMatchObject({ changed: false, status: 'needs_review' });
      expect(await voteCountOf(database, nominationId)).toBe(0);
    }
  });

  it('lets a payment we expired complete when the provider later reports success', async () => {
    const { payment, nominationId } = await pending(2, 'stripe');
    await settle(
      { db: database.db, outbox: null },
      payment.id,
      { status: 'failed', reason: 'expired' },
      'expiry',
    );
    const late = await settle(
      { db: database.db, outbox: null },
      payment.id,
      { status: 'completed', amount: 100, currency: 'usd' },
      'reconcile',
    );
    expect(late).toMatchObject({ changed: true, status: 'completed' });
    expect(await voteCountOf(database, nominationId)).toBe(2);
    // A provider failure is final: it never turns into a success.
    const other = await pending(2);
    await settle(
      { db: database.db, outbox: null },
      other.payment.id,
      { status: 'failed', reason: 'ER301' },
      'callback',
    );
    const after = await settle(
      { db: database.db, outbox: null },
      other.payment.id,
      { status: 'completed', amount: 200, currency: 'XAF' },
      'poll',
    );
    expect(after.changed).toBe(false);
  });

  it('ignores unknown payments', async () => {
    const result = await settle(
      { db: database.db, outbox: null },
      crypto.randomUUID(),
      { status: 'failed', reason: 'x' },
      'poll',
    );
    expect(result).toEqual({ changed: false, status: null, receiptCode: null });
  });
});

describePostgres('settle() under concurrency on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 20 });
  });
  afterAll(() => database.destroy());

  it('credits each payment exactly once when every source reports at the same time', async () => {
    const category = await createCategory(database.db);
    const nominees = await Promise.all(
      Array.from({ length: 5 }, () => createNominee(database.db, { categoryIds: [category.id] })),
    );
    const created = [];
    for (let i = 0; i < 60; i++) {
      const nominationId = nominees[i % nominees.length]!.nominations[0]!.id;
      created.push(
        await createPendingPayment(database.db, {
          votes: [{ nominationId, voteCount: 1 + (i % 7) }],
          payment: { voterEmail: `voter${i}@example.com` },
        }),
      );
    }
    const sources = ['webhook', 'webhook', 'callback', 'poll', 'reconcile', 'confirm'] as const;
    const outbox = { publicUrl: 'https://vote.example.com', written: () => undefined };
    const calls = created.flatMap((p) =>
      sources.map(
        (source) => () =>
          settle(
            { db: database.db, outbox },
            p.id,
            { status: 'completed', amount: p.amount, currency: 'XAF' },
            source,
          ),
      ),
    );
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map((call) => call()));
    expect(results.filter((r) => r.changed)).toHaveLength(created.length);

    const [check] = await database.query(`
        SELECT
          (SELECT COALESCE(SUM(vote_count), 0)::int FROM nominations) AS tallied,
          (SELECT COALESCE(SUM(pv.vote_count), 0)::int FROM payment_votes pv
             JOIN payments p ON p.id = pv.payment_id WHERE p.status = 'completed') AS paid,
          (SELECT COALESCE(SUM(votes), 0)::int FROM nomination_hourly_votes) AS hourly,
          (SELECT COALESCE(SUM(payments), 0)::int FROM provider_hourly_totals) AS payments,
          (SELECT count(*)::int FROM payment_events) AS events,
          (SELECT count(*)::int FROM outbox_messages m JOIN payments p ON p.id = m.payment_id
             WHERE m.subject LIKE '%' || p.receipt_code) AS receipts`);
    const expected = created.reduce((s, p) => s + p.totalVotes, 0);
    expect(check).toEqual({
      tallied: expected,
      paid: expected,
      hourly: expected,
      payments: 60,
      events: 60,
      // One receipt per payment, however many reports credited it.
      receipts: 60,
    });
  });
});
