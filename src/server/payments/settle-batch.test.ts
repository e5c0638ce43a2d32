import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentEvents, payments } from '#server/db/schema.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import { isReceiptCodeShape } from './receipt-code.js';
import { settle, settleBatch } from './settle.js';
import { SettlementQueue } from './settlement-queue.js';
import { tallyMismatches } from '#test/support/payment-test-kit.js';

describeEachDatabase('settleBatch() and the settlement queue', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  const pending = async (provider: 'campay' | 'stripe' = 'campay', voteCount = 2) => {
    const nominee = await createNominee(database.db);
    return createPendingPayment(database.db, {
      provider,
      votes: [{ nominationId: nominee.nominations[0]!.id, voteCount }],
    });
  };
  const row = async (id: string) =>
    (await database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('decides each payment exactly as settle() does, in one transaction', async () => {
    const paid = await pending('campay', 3);
    const refused = await pending('campay');
    const short = await pending('stripe', 4);
    const expired = await pending('stripe');
    const foreign = await pending('campay');
    const done = await pending('campay');
    await settle(
      { db: database.db, outbox: null },
      expired.id,
      { status: 'failed', reason: 'expired' },
      'expiry',
    );
    await settle(
      { db: database.db, outbox: null },
      done.id,
      { status: 'failed', reason: 'declined' },
      'callback',
    );
    const unknown = '00000000-0000-4000-8000-000000000000';

    const results = await settleBatch({ db: database.db, outbox: null }, [
      {
        paymentId: paid.id,
        outcome: { status: 'completed', amount: 300, currency: 'XAF', providerRef: 'ref-paid' },
        source: 'callback',
      },
      { paymentId: refused.id, outcome: { status: 'failed', reason: 'ER301' }, source: 'callback' },
      {
        paymentId: short.id,
        outcome: { status: 'completed', amount: 150, currency: 'usd' },
        source: 'webhook',
      },
      {
        paymentId: expired.id,
        outcome: { status: 'completed', amount: 100, currency: 'USD' },
        source: 'webhook',
      },
      {
        paymentId: foreign.id,
        outcome: { status: 'completed', amount: 200, currency: 'XAF' },
        source: 'webhook',
        expectProvider: 'stripe',
      },
      {
        paymentId: done.id,
        outcome: { status: 'completed', amount: 200, currency: 'XAF' },
        source: 'poll',
      },
      {
        paymentId: unknown,
        outcome: { status: 'completed', amount: 1, currency: 'XAF' },
        source: 'poll',
      },
    ]);

    expect(results.map((r) => [r.changed, r.status])).toEqual([
      [true, 'completed'],
      [true, 'failed'],
      [true, 'needs_review'],
      [true, 'completed'],
      [false, 'pending'],
      [false, 'failed'],
      [false, null],
    ]);
    expect(isReceiptCodeShape(results[0]!.receiptCode!)).toBe(true);
    expect(await row(paid.id)).toMatchObject({ status: 'completed', providerRef: 'ref-paid' });
    expect(await row(refused.id)).toMatchObject({ status: 'failed', failureReason: 'ER301' });
    expect((await row(short.id)).failureReason).toMatch(/^amount_mismatch/);
    expect(await row(expired.id)).toMatchObject({ status: 'completed', failureReason: null });
    expect((await row(foreign.id)).status).toBe('pending');
    const events = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paid.id));
    expect(events).toEqual([
      expect.objectContaining({ fromStatus: 'pending', toStatus: 'completed', source: 'callback' }),
    ]);
    expect(await tallyMismatches(database.db)).toEqual([]);

    const again = await settleBatch({ db: database.db, outbox: null }, [
      {
        paymentId: paid.id,
        outcome: { status: 'completed', amount: 300, currency: 'XAF' },
        source: 'webhook',
      },
    ]);
    expect(again[0]).toEqual({
      changed: false,
      status: 'completed',
      receiptCode: results[0]!.receiptCode,
    });
  });

  it('the queue settles a burst with repeats once per payment', async () => {
    const queue = new SettlementQueue({ db: database.db, outbox: null });
    const burst = await Promise.all(Array.from({ length: 12 }, () => pending('stripe', 1)));
    const answers = await Promise.all(
      burst.flatMap((p) =>
        [0, 1, 2].map(() =>
          queue.settle({
            paymentId: p.id,
            outcome: { status: 'completed', amount: p.amount, currency: 'USD' },
            source: 'webhook',
          }),
        ),
      ),
    );
    expect(answers.filter((a) => a.changed)).toHaveLength(burst.length);
    expect(answers.every((a) => a.status === 'completed')).toBe(true);
    expect(await tallyMismatches(database.db)).toEqual([]);
  });
});
