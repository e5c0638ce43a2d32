import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { signedInUser } from '#test/factories/user-factory.js';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type DatabaseKind,
  type TestDatabase,
} from '#test/support/test-database.js';
import { ADVISORY_LOCKS } from '#server/db/advisory-locks.js';
import { paymentEvents } from '#server/db/schema.js';
import { CHECK_LOCK_WAIT_MS, reconcilePendingPayments } from './reconcile.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import {
  CAMPAY_TIMEOUT_MS,
  startInstance,
  statusChecks,
  useTwoInstances,
} from '#test/support/campay-reconcile-kit.js';

/** A voter starts a mobile-money payment; Campay has the collection, we wait for its outcome. */
async function startPayment(app: FastifyInstance, campay: FakeCampay) {
  const nominee = await nomineeWith(app.ctx.db, 1);
  const res = await call(app, {
    method: 'POST',
    url: '/api/campay-payment',
    body: {
      phoneNumber: '237677000111',
      nominationVotes: split(nominee, [3]),
    },
  });
  expect(res.status).toBe(200);
  const paymentId = res.body.paymentId as string;
  return { paymentId, reference: campay.byExternalReference(paymentId)!.reference };
}

const eventsOf = (app: FastifyInstance, paymentId: string) =>
  app.ctx.db
    .select({ to: paymentEvents.toStatus, source: paymentEvents.source })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId));

describeEachDatabase('reconciling pending mobile-money payments', (kind: DatabaseKind) => {
  let campay: FakeCampay;
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    campay = await new FakeCampay().start();
  });
  afterAll(() => campay.stop());
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    app = await startInstance(database, campay);
    campay.delayMs = 0;
    campay.failNext(0);
  });
  afterEach(async () => {
    await app.close();
    await database.destroy();
  });

  it("settles outcomes we were never told about when an admin runs 'Check Campay Payments'", async () => {
    const paid = await startPayment(app, campay);
    const declined = await startPayment(app, campay);
    const open = await startPayment(app, campay);
    campay.complete(paid.reference);
    campay.fail(declined.reference, 'Payment declined by the user');
    const { headers } = await signedInUser(app.ctx.db, { isAdmin: true });

    const res = await call(app, {
      method: 'POST',
      url: '/api/admin/check-campay-payments',
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ checked: 3, updated: 2 });
    expect(await paymentRow(app.ctx.db, paid.paymentId)).toMatchObject({ status: 'completed' });
    expect((await paymentRow(app.ctx.db, paid.paymentId))!.receiptCode).toMatch(/^\w{10,12}$/);
    expect(await paymentRow(app.ctx.db, declined.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Payment declined by the user',
    });
    expect(await paymentRow(app.ctx.db, open.paymentId)).toMatchObject({ status: 'pending' });
    expect(await eventsOf(app, paid.paymentId)).toContainEqual({
      to: 'completed',
      source: 'reconcile',
    });
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('changes nothing while Campay is down, slow or failing, and settles once it answers', async () => {
    const outages: [string, () => Promise<void> | void, () => Promise<void> | void][] = [
      ['unreachable', () => campay.goOffline(), () => campay.goOnline()],
      ['answering 500', () => campay.failNext(1_000), () => campay.failNext(0)],
      [
        'slower than our timeout',
        () => void (campay.delayMs = CAMPAY_TIMEOUT_MS * 3),
        () => void (campay.delayMs = 0),
      ],
    ];
    for (const [outage, begin, end] of outages) {
      const { paymentId, reference } = await startPayment(app, campay);
      campay.complete(reference);
      await begin();
      const during = await reconcilePendingPayments(app.ctx);
      expect(during, outage).toMatchObject({ checked: 1, updated: 0, skipped: false });
      expect((await paymentRow(app.ctx.db, paymentId))!.status, outage).toBe('pending');
      expect(await eventsOf(app, paymentId), outage).toEqual([]);
      await end();
      // The scheduled run (not forced) asks again: the check it made during the outage does
      // not hold the payment back once the back-off (a quarter of its age here) has passed.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await reconcilePendingPayments(app.ctx);
      expect(after, outage).toMatchObject({ checked: 1, updated: 1 });
      expect((await paymentRow(app.ctx.db, paymentId))!.status, outage).toBe('completed');
    }
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });

  it('asks about several payments at once, but never more than a few', async () => {
    // The suite's 300 ms client timeout is for its outages: on a busy machine the database in this
    // process can hold the event loop past it, and a check timed out here is a check not counted.
    await app.close();
    app = await startInstance(database, campay, { CAMPAY_TIMEOUT_MS: '15000' });
    const started = [];
    for (let i = 0; i < 10; i++) started.push(await startPayment(app, campay));
    for (const { reference } of started) campay.complete(reference);
    campay.maxInFlight = 0;
    campay.delayMs = 50;
    const result = await reconcilePendingPayments(app.ctx, { provider: 'campay', force: true });
    expect(result).toMatchObject({ checked: 10, updated: 10 });
    expect(campay.maxInFlight).toBeGreaterThan(1);
    expect(campay.maxInFlight).toBeLessThanOrEqual(4);
    for (const { reference } of started) expect(statusChecks(campay, reference)).toBe(1);
  });

  it('a crash between collect and callback loses nothing: the next start settles it', async () => {
    const { paymentId, reference } = await startPayment(app, campay);
    // The process dies before Campay's callback arrives; the voter approves meanwhile.
    await app.close();
    campay.complete(reference);

    app = await startInstance(database, campay, { RECONCILE_INTERVAL_SECONDS: '1' });
    const deadline = Date.now() + 10_000;
    while ((await paymentRow(app.ctx.db, paymentId))!.status === 'pending') {
      expect(Date.now(), 'settled by the scheduled reconciler').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await paymentRow(app.ctx.db, paymentId)).toMatchObject({ status: 'completed' });
    expect(await eventsOf(app, paymentId)).toEqual([{ to: 'completed', source: 'reconcile' }]);
    expect(await tallyMismatches(app.ctx.db)).toEqual([]);
  });
});

describePostgres('reconciling from several instances at once', () => {
  const cluster = useTwoInstances();

  it('two instances running the job at once check each payment once', async () => {
    const { campay, first, second } = cluster;
    const started = [];
    for (let i = 0; i < 12; i++) started.push(await startPayment(i % 2 ? first : second, campay));
    for (const { reference } of started) campay.complete(reference);
    campay.delayMs = 20;

    const runs = await Promise.all([
      reconcilePendingPayments(first.ctx),
      reconcilePendingPayments(second.ctx),
      reconcilePendingPayments(first.ctx),
    ]);
    expect(runs.reduce((sum, run) => sum + run.updated, 0)).toBe(12);
    for (const { paymentId, reference } of started) {
      expect(statusChecks(campay, reference)).toBe(1);
      expect((await paymentRow(first.ctx.db, paymentId))!.status).toBe('completed');
    }
    expect(await tallyMismatches(first.ctx.db)).toEqual([]);
  });

  it('waits for a scheduled run to finish, and only then tells the admin a check is already running', async () => {
    const { database, first } = cluster;
    const { headers } = await signedInUser(first.ctx.db, { isAdmin: true });
    const check = () =>
      call(first, { method: 'POST', url: '/api/admin/check-campay-payments', headers });
    // Another instance's scheduled run holds the lock.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.reconcile]);
      // A run that ends within the wait: the click reports a real check.
      const waiting = check();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.reconcile]);
      const afterWait = await waiting;
      expect(afterWait.status).toBe(200);
      expect(afterWait.body).toMatchObject({ checked: expect.any(Number) });

      // A run that outlasts the wait: said plainly instead of "checked 0".
      await other.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.reconcile]);
      const started = Date.now();
      const busy = await check();
      expect(busy.status).toBe(409);
      expect(busy.body).toMatchObject({ message: expect.stringMatching(/already running/) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(CHECK_LOCK_WAIT_MS);
      await other.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.reconcile]);
      expect((await check()).status).toBe(200);
    } finally {
      await other.end();
    }
  });
});
