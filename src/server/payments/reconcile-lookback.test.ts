import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { FakeCampay, type FakeCampayTransaction } from '#test/fakes/fake-campay.js';
import { call } from '#test/support/call-app.js';
import {
  CAMPAY_TIMEOUT_MS,
  startInstance as startReconcilingInstance,
  statusChecks,
  useTwoInstances,
} from '#test/support/campay-reconcile-kit.js';
import { setEvent, inDatabaseTime } from '#test/factories/event-factory.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type DatabaseKind,
  type TestDatabase,
} from '#test/support/test-database.js';
import { nominations, paymentEvents, payments } from '#server/db/schema.js';
import { reconcilePendingPayments } from './reconcile.js';

const HOUR = 3_600_000;
const PERMANENT_TOKEN = 'reconcile-lookback-token';

/** A permanent token: a token request would time out too when Campay's answers are late. */
const startInstance = (
  database: TestDatabase,
  campay: FakeCampay,
  env: Record<string, string> = {},
): Promise<FastifyInstance> =>
  startReconcilingInstance(database, campay, { CAMPAY_TOKEN: PERMANENT_TOKEN, ...env });

interface Started {
  paymentId: string;
  nominationId: string;
  tx: FakeCampayTransaction;
}

/**
 * A voter pays 3 votes (300 XAF) by mobile money. `timedOut`: Campay takes the collect but its
 * answer comes after our timeout, so we never learn the reference.
 */
async function startPayment(
  app: FastifyInstance,
  campay: FakeCampay,
  options: { phoneNumber?: string; timedOut?: boolean } = {},
): Promise<Started> {
  const phoneNumber = options.phoneNumber ?? '237677000111';
  const nominee = await nomineeWith(app.ctx.db, 1);
  const before = new Set(campay.transactions.keys());
  campay.delayMs = options.timedOut ? CAMPAY_TIMEOUT_MS * 3 : 0;
  const res = await call(app, {
    method: 'POST',
    url: '/api/campay-payment',
    body: { phoneNumber, nominationVotes: split(nominee, [3]) },
  });
  campay.delayMs = 0;
  const tx = [...campay.transactions.values()].find((t) => !before.has(t.reference))!;
  expect(tx).toBeDefined();
  if (options.timedOut) {
    expect(res.status).toBe(502);
    expect(await paymentRow(app.ctx.db, tx.external_reference!)).toMatchObject({
      status: 'pending',
      providerRef: null,
    });
  } else {
    expect(res.status).toBe(200);
  }
  return { paymentId: tx.external_reference!, nominationId: nominee.nominations[0]!.id, tx };
}

/** Moves a payment (and its Campay transaction) `hours` into the past. */
async function age(app: FastifyInstance, started: Started, hours: number) {
  await app.ctx.db
    .update(payments)
    .set({ createdAt: sql`${payments.createdAt} - make_interval(hours => ${hours})` })
    .where(eq(payments.id, started.paymentId));
  started.tx.createdAt = new Date(started.tx.createdAt.getTime() - hours * HOUR);
}

const eventsOf = async (app: FastifyInstance, paymentId: string) =>
  app.ctx.db
    .select({
      from: paymentEvents.fromStatus,
      to: paymentEvents.toStatus,
      source: paymentEvents.source,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(paymentEvents.createdAt, paymentEvents.id);

const votesOf = async (app: FastifyInstance, nominationId: string) =>
  (
    await app.ctx.db
      .select({ votes: nominations.voteCount })
      .from(nominations)
      .where(eq(nominations.id, nominationId))
  )[0]!.votes;

const historyRequests = (campay: FakeCampay) =>
  campay.requests.filter((r) => r.path === '/api/history/').length;

describeEachDatabase('the reconciler after it gave up on a payment', (kind: DatabaseKind) => {
  let campay: FakeCampay;
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    campay = await new FakeCampay().start();
    campay.addPermanentToken(PERMANENT_TOKEN);
  });
  afterAll(() => campay.stop());
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    app = await startInstance(database, campay);
    campay.delayMs = 0;
    campay.chargeRate = 0.0175;
    campay.historyAmountsAsText = false;
    campay.transactions.clear();
  });
  afterEach(async () => {
    await app.close();
    await database.destroy();
  });

  it('credits a success Campay reports after our expiry, once, even after voting closed', async () => {
    const started = await startPayment(app, campay);
    await age(app, started, 25);
    await reconcilePendingPayments(app.ctx);
    expect(await paymentRow(app.ctx.db, started.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    });

    // The voter approved late; meanwhile voting closed.
    campay.complete(started.tx.reference);
    await setEvent(app.ctx.db, { votingClosesAt: inDatabaseTime('-1 hour') });
    const run = await reconcilePendingPayments(app.ctx, { force: true });
    expect(run).toMatchObject({ updated: 1 });
    expect(await paymentRow(app.ctx.db, started.paymentId)).toMatchObject({
      status: 'completed',
      failureReason: null,
      providerRef: started.tx.reference,
    });
    expect(await votesOf(app, started.nominationId)).toBe(3);
    expect(await eventsOf(app, started.paymentId)).toEqual([
      { from: 'pending', to: 'failed', source: 'expiry' },
      { from: 'failed', to: 'completed', source: 'reconcile' },
    ]);

    // Asked again (or told by a late callback), nothing moves twice.
    await reconcilePendingPayments(app.ctx, { force: true });
    const request = await campay.callback(started.tx.reference);
    const callback = await call(app, {
      method: request.method,
      url: request.url,
      body: request.payload,
    });
    expect(callback.status).toBe(200);
    expect(await votesOf(app, started.nominationId)).toBe(3);
    expect((await eventsOf(app, started.paymentId)).length).toBe(2);
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('puts a late success for another amount in review, without counting its votes', async () => {
    const started = await startPayment(app, campay);
    await age(app, started, 25);
    await reconcilePendingPayments(app.ctx);
    started.tx.amount = 200;
    campay.complete(started.tx.reference);
    await reconcilePendingPayments(app.ctx, { force: true });
    expect(await paymentRow(app.ctx.db, started.paymentId)).toMatchObject({
      status: 'needs_review',
      failureReason: 'amount_mismatch: expected 300 XAF, provider reported 200 XAF',
    });
    expect(await votesOf(app, started.nominationId)).toBe(0);
    // In review for that cause, it is not asked about again.
    const checks = statusChecks(campay, started.tx.reference);
    await reconcilePendingPayments(app.ctx, { force: true });
    expect(statusChecks(campay, started.tx.reference)).toBe(checks);
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('never brings back a payment Campay refused', async () => {
    const refused = await startPayment(app, campay);
    campay.fail(refused.tx.reference, 'Payment declined by the user');
    await reconcilePendingPayments(app.ctx, { force: true });
    expect(await paymentRow(app.ctx.db, refused.paymentId)).toMatchObject({ status: 'failed' });
    // Whatever Campay says afterwards, the refusal stands.
    refused.tx.status = 'SUCCESSFUL';
    await reconcilePendingPayments(app.ctx, { force: true });
    const request = await campay.callback(refused.tx.reference);
    await call(app, { method: request.method, url: request.url, body: request.payload });
    expect(await paymentRow(app.ctx.db, refused.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Payment declined by the user',
    });
    expect(await votesOf(app, refused.nominationId)).toBe(0);

    // Campay's own word "expired" is a refusal too, not our expiry.
    const lapsed = await startPayment(app, campay, { phoneNumber: '237677000222' });
    campay.fail(lapsed.tx.reference, 'expired');
    await reconcilePendingPayments(app.ctx, { force: true });
    expect(await paymentRow(app.ctx.db, lapsed.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Campay: expired',
    });
    lapsed.tx.status = 'SUCCESSFUL';
    await reconcilePendingPayments(app.ctx, { force: true });
    expect((await paymentRow(app.ctx.db, lapsed.paymentId))!.status).toBe('failed');
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('asks only about payments it expired within RECONCILE_LOOKBACK_DAYS', async () => {
    const recent = await startPayment(app, campay);
    const old = await startPayment(app, campay, { phoneNumber: '237677000222' });
    for (const started of [recent, old]) await age(app, started, 25);
    await reconcilePendingPayments(app.ctx);
    // One was expired six days ago, the other eight: past the default seven.
    for (const [started, days] of [
      [recent, 6],
      [old, 8],
    ] as const) {
      await app.ctx.db
        .update(payments)
        .set({ settledAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(payments.id, started.paymentId));
      campay.complete(started.tx.reference);
    }
    // 0 turns the lookback off.
    const without = await startInstance(database, campay, { RECONCILE_LOOKBACK_DAYS: '0' });
    const recentChecks = statusChecks(campay, recent.tx.reference);
    try {
      await reconcilePendingPayments(without.ctx, { force: true });
    } finally {
      await without.close();
    }
    expect(statusChecks(campay, recent.tx.reference)).toBe(recentChecks);
    expect((await paymentRow(app.ctx.db, recent.paymentId))!.status).toBe('failed');

    const oldChecks = statusChecks(campay, old.tx.reference);
    await reconcilePendingPayments(app.ctx, { force: true });
    expect(statusChecks(campay, old.tx.reference)).toBe(oldChecks);
    expect((await paymentRow(app.ctx.db, old.paymentId))!.status).toBe('failed');
    expect((await paymentRow(app.ctx.db, recent.paymentId))!.status).toBe('completed');
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('finds a collect that timed out in the history (amounts as numeric strings) and settles it with its fee', async () => {
    campay.historyAmountsAsText = true;
    const started = await startPayment(app, campay, { timedOut: true });
    // Campay's status answer need not name our payment: the history match alone decides.
    started.tx.external_reference = null;
    campay.complete(started.tx.reference);
    // Withdrawals to the same number for the same amount are no collections: one sent, and one
    // of our refunds that failed (so nothing was debited).
    for (const [status, description] of [
      ['SUCCESSFUL', 'payout'],
      ['FAILED', `Palmares refund ${started.paymentId}`],
    ] as const) {
      const reference = randomUUID();
      campay.transactions.set(reference, {
        ...started.tx,
        reference,
        endpoint: 'withdraw',
        status,
        description,
        external_reference: null,
      });
    }
    await reconcilePendingPayments(app.ctx);
    expect(await paymentRow(app.ctx.db, started.paymentId)).toMatchObject({
      status: 'completed',
      providerRef: started.tx.reference,
      // 300 XAF at 1.75 %: 5.25, to the franc.
      providerFee: 5,
    });
    expect(await votesOf(app, started.nominationId)).toBe(3);
    expect(historyRequests(campay)).toBe(1);
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('fails a timed-out collect whose only match Campay failed; waits on a pending one', async () => {
    const declined = await startPayment(app, campay, { timedOut: true });
    const waiting = await startPayment(app, campay, {
      timedOut: true,
      phoneNumber: '237677000222',
    });
    campay.fail(declined.tx.reference, 'Payment declined by the user');
    await reconcilePendingPayments(app.ctx);
    expect(await paymentRow(app.ctx.db, declined.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Payment declined by the user',
      providerRef: declined.tx.reference,
    });
    // Found but undecided: its reference is stored and it is followed like any other.
    expect(await paymentRow(app.ctx.db, waiting.paymentId)).toMatchObject({
      status: 'pending',
      providerRef: waiting.tx.reference,
    });
  });

  it('puts a timed-out collect in review, never failed, when no transaction or several match', async () => {
    // Two timed-out collects from one number for one amount, one approved: neither can be told.
    const first = await startPayment(app, campay, { timedOut: true });
    const second = await startPayment(app, campay, { timedOut: true });
    for (const { tx } of [first, second]) tx.external_reference = null;
    campay.complete(first.tx.reference);
    // A collect lost on its way to Campay and never answered, so there is nothing in its history.
    campay.loseNext(1);
    const nominee = await nomineeWith(app.ctx.db, 1);
    const lost = await call(app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: { phoneNumber: '237677000999', nominationVotes: split(nominee, [2]) },
    });
    expect(lost.status).toBe(502);
    const lostId = (
      await app.ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.phoneNumber, '237677000999'))
    )[0]!.id;

    // While we still wait, nothing is decided for the unmatched one.
    await reconcilePendingPayments(app.ctx);
    expect((await paymentRow(app.ctx.db, lostId))!.status).toBe('pending');
    for (const started of [first, second]) {
      expect(await paymentRow(app.ctx.db, started.paymentId)).toMatchObject({
        status: 'needs_review',
        failureReason: expect.stringMatching(/^collect_ambiguous: 2 Campay collections/),
        providerRef: null,
      });
    }

    // Once we stop waiting, the unmatched one goes to review too, not to failed.
    await app.ctx.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(payments.id, lostId));
    await reconcilePendingPayments(app.ctx, { force: true });
    expect(await paymentRow(app.ctx.db, lostId)).toMatchObject({
      status: 'needs_review',
      failureReason: expect.stringMatching(/^collect_unmatched: no Campay collection/),
    });
    expect(await votesOf(app, first.nominationId)).toBe(0);
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it("never takes another payment's transaction, and follows one that names us", async () => {
    // The voter's first attempt timed out before Campay got it; the retry went through.
    campay.loseNext(1);
    const nominee = await nomineeWith(app.ctx.db, 1);
    await call(app, {
      method: 'POST',
      url: '/api/campay-payment',
      body: { phoneNumber: '237677000111', nominationVotes: split(nominee, [3]) },
    });
    const [lost] = await app.ctx.db.select({ id: payments.id }).from(payments);
    const retry = await startPayment(app, campay);
    campay.complete(retry.tx.reference);
    retry.tx.external_reference = null;
    await reconcilePendingPayments(app.ctx);
    expect((await paymentRow(app.ctx.db, retry.paymentId))!.status).toBe('completed');
    expect(await paymentRow(app.ctx.db, lost!.id)).toMatchObject({
      status: 'pending',
      providerRef: null,
    });

    // Of two candidates, the one whose transaction names this payment is its own.
    const a = await startPayment(app, campay, { timedOut: true, phoneNumber: '237677000555' });
    const b = await startPayment(app, campay, { timedOut: true, phoneNumber: '237677000555' });
    campay.complete(a.tx.reference);
    campay.complete(b.tx.reference);
    await reconcilePendingPayments(app.ctx);
    expect(await paymentRow(app.ctx.db, a.paymentId)).toMatchObject({
      status: 'completed',
      providerRef: a.tx.reference,
    });
    expect(await paymentRow(app.ctx.db, b.paymentId)).toMatchObject({
      status: 'completed',
      providerRef: b.tx.reference,
    });
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('keeps searching the history for a collect in review, and credits it when it shows up', async () => {
    const started = await startPayment(app, campay, { timedOut: true });
    started.tx.external_reference = null;
    // Campay's history does not show it yet.
    const hidden = started.tx.createdAt;
    started.tx.createdAt = new Date('2001-01-01T00:00:00Z');
    await app.ctx.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(payments.id, started.paymentId));
    await reconcilePendingPayments(app.ctx);
    expect((await paymentRow(app.ctx.db, started.paymentId))!.status).toBe('needs_review');

    started.tx.createdAt = new Date(hidden.getTime() - 25 * HOUR);
    campay.complete(started.tx.reference);
    await reconcilePendingPayments(app.ctx, { force: true });
    expect(await paymentRow(app.ctx.db, started.paymentId)).toMatchObject({
      status: 'completed',
      providerRef: started.tx.reference,
    });
    expect(await votesOf(app, started.nominationId)).toBe(3);
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });
});

describePostgres('a late success reported by the callback and the reconciler at once', () => {
  const cluster = useTwoInstances({
    env: { CAMPAY_TOKEN: PERMANENT_TOKEN },
    setUp: (campay) => campay.addPermanentToken(PERMANENT_TOKEN),
  });

  it('credits each expired payment exactly once', async () => {
    const { campay, first, second } = cluster;
    const started: Started[] = [];
    for (let i = 0; i < 8; i++) started.push(await startPayment(first, campay));
    for (const s of started) await age(first, s, 25);
    await reconcilePendingPayments(first.ctx);
    for (const s of started) {
      expect((await paymentRow(first.ctx.db, s.paymentId))!.status).toBe('failed');
      campay.complete(s.tx.reference);
    }
    campay.delayMs = 10;
    const callbacks = started.flatMap((s) =>
      [first, second].map(async (app) => {
        const request = await campay.callback(s.tx.reference);
        return call(app, { method: request.method, url: request.url, body: request.payload });
      }),
    );
    const runs = [first, second, first].map((app) =>
      reconcilePendingPayments(app.ctx, { force: true, lockWaitMs: 5000 }),
    );
    await Promise.all([...callbacks, ...runs]);
    campay.delayMs = 0;
    for (const s of started) {
      expect((await paymentRow(first.ctx.db, s.paymentId))!.status).toBe('completed');
      expect(await votesOf(first, s.nominationId)).toBe(3);
      expect((await eventsOf(first, s.paymentId)).filter((e) => e.to === 'completed')).toHaveLength(
        1,
      );
    }
    expect(await tallyMismatches(first.ctx.db)).toEqual([]);
  });
});
