import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.js';
import { readinessSchema } from '#shared/schemas/health.js';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { FakeStripe } from '#test/fakes/fake-stripe.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { stripeCardKit } from '#test/support/stripe-card-kit.js';
import { startTestApp } from '#test/support/test-app.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';

/** A request that waits this long for a pooled connection gives up (503), as in production. */
const TIMEOUTS = { connectMs: 1000, statementMs: 5000, idleInTransactionMs: 5000 };
/** The provider's answers are this slow during the burst. */
const PROVIDER_MS = 1500;

/**
 * Admin work that runs under an advisory lock (the Campay check, refunds at the provider) must not
 * take the pool's connections from voters: a burst of it, with the provider slow, alongside status
 * polls and provider callbacks, on a pool of 10 as in production.
 */
describePostgres('locked admin work under a burst', () => {
  let scratch: TestDatabase;
  let app: FastifyInstance;
  let campay: FakeCampay;
  let stripe: FakeStripe;
  let admin: Record<string, string>;

  beforeAll(async () => {
    scratch = await createTestDatabase('postgres');
    campay = await new FakeCampay().start();
    stripe = await new FakeStripe().start();
    const database = await openDatabase({
      kind: 'postgres',
      url: scratch.url!,
      poolSize: 10,
      timeouts: TIMEOUTS,
    });
    app = await startTestApp(
      { ...database, url: scratch.url, destroy: () => database.close() },
      {
        ...campay.env,
        ...stripe.env,
        CAMPAY_TIMEOUT_MS: '4000',
        PAYMENT_POLL_INTERVAL_MS: '0',
        REQUEST_TIMEOUT_MS: '10000',
      },
    );
    admin = (await signedInUser(scratch.db, { isAdmin: true })).headers;
  });
  afterEach(() => {
    campay.delayMs = 0;
    stripe.delay = null;
  });
  afterAll(async () => {
    await app?.close();
    await app?.ctx.database.close();
    await campay?.stop();
    await stripe?.stop();
    await scratch?.destroy();
  });

  /** Paid payments a voter's page polls, and Campay collects whose callbacks arrive (twice each). */
  async function voterTraffic() {
    const nominee = await nomineeWith(scratch.db, 1);
    const polled = await Promise.all(
      Array.from({ length: 20 }, () =>
        createCompletedPayment(scratch.db, { votes: split(nominee, [1]) }),
      ),
    );
    const collects: string[] = [];
    for (let i = 0; i < 20; i++) {
      const started = await call(app, {
        method: 'POST',
        url: '/api/campay-payment',
        body: {
          phoneNumber: `2376770${String(i).padStart(5, '0')}`,
          nominationVotes: split(nominee, [1]),
        },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const tx = campay.byExternalReference(started.body.paymentId as string)!;
      campay.complete(tx.reference);
      collects.push(tx.reference);
    }
    return () => [
      ...polled.map(({ id }) => call(app, { url: `/api/payment/${id}/status` })),
      ...collects
        .flatMap((reference) => [reference, reference])
        .map(async (reference) => {
          const request = await campay.callback(reference);
          return call(app, { method: request.method, url: request.url, body: request.payload });
        }),
    ];
  }

  const statuses = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((counts, { status }) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {});

  it('ten Campay checks at once: one runs, nine are told at once, voters are all answered', async () => {
    const voters = await voterTraffic();
    campay.delayMs = PROVIDER_MS;
    const started = Date.now();
    const checks = Array.from({ length: 10 }, async () => {
      const answer = await call(app, {
        method: 'POST',
        url: '/api/admin/check-campay-payments',
        headers: admin,
      });
      return { status: answer.status, ms: Date.now() - started };
    });
    const answers = await Promise.all(voters());
    expect(statuses(answers)).toEqual({ 200: answers.length });
    const checked = await Promise.all(checks);
    expect(statuses(checked)).toEqual({ 200: 1, 409: 9 });
    const ran = checked.find(({ status }) => status === 200)!;
    for (const { status, ms } of checked) if (status === 409) expect(ms).toBeLessThan(ran.ms);
  });

  it('ten refunds while Stripe takes 1.5 s: all made, voters are all answered', async () => {
    const kit = stripeCardKit(
      () => app,
      () => scratch.db,
      () => stripe,
    );
    const paid = await Promise.all(Array.from({ length: 10 }, () => kit.paidCardPayment(2)));
    const voters = await voterTraffic();
    stripe.delay = { ms: PROVIDER_MS, match: /^POST \/v1\/refunds$/ };
    const refunds = paid.map(({ paymentId }) =>
      call(app, {
        method: 'POST',
        url: `/api/admin/payments/${paymentId}/refund`,
        headers: admin,
        json: { reason: 'Charged twice' },
      }),
    );
    // The refunds are at Stripe, each under its payment's lock.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = await Promise.all(voters());
    expect(statuses(answers)).toEqual({ 200: answers.length });
    expect(statuses(await Promise.all(refunds))).toEqual({ 200: 10 });
  });

  it('/readyz says so when every pooled connection stays busy', async () => {
    const ready = readinessSchema.parse((await call(app, { url: '/readyz' })).body);
    expect(ready).toMatchObject({ status: 'ready', database: 'ok', pool: { max: 10 } });
    const busy = Array.from({ length: 10 }, () => app.ctx.database.query('SELECT pg_sleep(1.5)'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await call(app, { url: '/readyz' });
    expect(answer.status).toBe(503);
    expect(readinessSchema.parse(answer.body)).toMatchObject({
      status: 'unavailable',
      database: 'saturated',
      pool: { max: 10, open: 10, idle: 0 },
    });
    await Promise.all(busy);
    expect((await call(app, { url: '/readyz' })).status).toBe(200);
  });
});
