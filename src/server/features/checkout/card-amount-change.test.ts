import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { paymentVotes } from '#server/db/schema.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import { FakeStripe, type FakeEvent } from '#test/fakes/fake-stripe.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

/** How long the fake Stripe sits on an intent update: far longer than a settlement takes. */
const SLOW_MS = 3000;

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDatabase('card amount changes hold no payment row while Stripe answers', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    t = await createTestApp(kind, { ...stripe.env, PAYMENT_POLL_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  afterEach(() => {
    stripe.delay = null;
    stripe.failNext(0);
  });

  const deliver = (event: FakeEvent) => {
    const { payload, signature } = stripe.signed(event);
    return call(t.app, {
      method: 'POST',
      url: '/api/webhooks/stripe',
      body: payload,
      ...{ headers: { 'content-type': 'application/json', 'stripe-signature': signature } },
    });
  };

  async function startCardPayment(counts: number[]) {
    const nominee = await nomineeWith(t.database.db, counts.length);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: { nominationVotes: split(nominee, counts), voterEmail: 'card@example.com' },
    });
    expect(res.status).toBe(200);
    const paymentId = res.body.paymentId as string;
    const intentId = (await paymentRow(t.database.db, paymentId))!.providerRef!;
    return { nominee, paymentId, intentId };
  }

  type Started = Awaited<ReturnType<typeof startCardPayment>>;
  const changeSplit = (payment: Started, counts: number[]) =>
    call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: { paymentId: payment.paymentId, nominationVotes: split(payment.nominee, counts) },
    });
  const slowUpdateOf = (payment: Started, actFirst = false) => ({
    ms: SLOW_MS,
    match: new RegExp(`^POST /v1/payment_intents/${payment.intentId}$`),
    actFirst,
  });
  const updateAsked = (payment: Started) =>
    until(
      () =>
        stripe.requests.some(
          (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${payment.intentId}`,
        ),
      'the intent update to reach Stripe',
    );
  const votesOf = async (paymentId: string) =>
    (
      await t.database.db
        .select({ voteCount: paymentVotes.voteCount })
        .from(paymentVotes)
        .where(eq(paymentVotes.paymentId, paymentId))
    )
      .map((v) => v.voteCount)
      .sort();

  it('while Stripe sits on one update, settlements of other payments and of that one go through at once', async () => {
    const changing = await startCardPayment([2]);
    const others = await Promise.all(Array.from({ length: 6 }, () => startCardPayment([1])));
    stripe.delay = slowUpdateOf(changing);
    const change = changeSplit(changing, [5]);
    let changeAnswered = false;
    void change.then(() => (changeAnswered = true));
    await updateAsked(changing);

    // Meanwhile the voter pays the intent as it stands (from another tab), and so do others. Two
    // deliveries of the changing payment would once have filled both settlement slots.
    const paidAsItStands = stripe.succeed(changing.intentId);
    const started = Date.now();
    const answers = await Promise.all([
      deliver(paidAsItStands),
      deliver(paidAsItStands),
      ...others.map((o) => deliver(stripe.succeed(o.intentId))),
    ]);
    const settledInMs = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(changeAnswered).toBe(false);
    expect(settledInMs).toBeLessThan(SLOW_MS / 2);
    for (const o of [changing, ...others]) {
      expect((await paymentRow(t.database.db, o.paymentId))!.status).toBe('completed');
    }

    // Stripe then refuses to change a paid intent: the payment keeps the split that was paid.
    const answer = await change;
    expect(answer.status).toBe(409);
    expect(await paymentRow(t.database.db, changing.paymentId)).toMatchObject({
      status: 'completed',
      amount: 100,
      totalVotes: 2,
      amountChangeId: null,
      amountChangeUntil: null,
    });
    expect(await votesOf(changing.paymentId)).toEqual([2]);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('a payment for the new amount, reported before the change is recorded, waits for it and then completes with the new split', async () => {
    const payment = await startCardPayment([2, 0]);
    // Stripe takes the new amount at once; only its answer is late.
    stripe.delay = slowUpdateOf(payment, true);
    const change = changeSplit(payment, [1, 3]);
    await until(() => stripe.intents.get(payment.intentId)!.amount === 200, 'the new amount');
    const paid = stripe.succeed(payment.intentId);

    const early = await deliver(paid);
    expect(early.status).toBe(503);
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/confirm-payment',
      body: { paymentIntentId: payment.intentId },
    });
    expect(confirmed.body).toEqual({ paymentId: payment.paymentId, status: 'pending' });
    expect(await paymentRow(t.database.db, payment.paymentId)).toMatchObject({
      status: 'pending',
      amount: 100,
    });

    expect((await change).status).toBe(200);
    // Stripe delivers again after the 503.
    expect((await deliver(paid)).status).toBe(200);
    expect(await paymentRow(t.database.db, payment.paymentId)).toMatchObject({
      status: 'completed',
      amount: 200,
      totalVotes: 4,
    });
    expect(await votesOf(payment.paymentId)).toEqual([1, 3]);
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('a second change while one is with Stripe is refused; afterwards Stripe and the payment agree', async () => {
    const payment = await startCardPayment([2]);
    stripe.delay = { ...slowUpdateOf(payment), ms: 800 };
    const first = changeSplit(payment, [3]);
    await updateAsked(payment);
    const second = await changeSplit(payment, [4]);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/still being saved/i);
    expect((await first).status).toBe(200);
    expect(stripe.intents.get(payment.intentId)!.amount).toBe(150);
    expect((await paymentRow(t.database.db, payment.paymentId))!.amount).toBe(150);

    stripe.delay = null;
    expect((await changeSplit(payment, [4])).status).toBe(200);
    expect(stripe.intents.get(payment.intentId)!.amount).toBe(200);
    expect((await paymentRow(t.database.db, payment.paymentId))!.amount).toBe(200);
    expect(await votesOf(payment.paymentId)).toEqual([4]);
  });

  it('a change Stripe cannot take leaves the payment as it was, free to change again', async () => {
    const payment = await startCardPayment([2]);
    stripe.failNext(10);
    const failed = await changeSplit(payment, [3]);
    stripe.failNext(0);
    expect(failed.status).toBe(502);
    expect(await paymentRow(t.database.db, payment.paymentId)).toMatchObject({
      status: 'pending',
      amount: 100,
      amountChangeId: null,
    });
    expect((await changeSplit(payment, [3])).status).toBe(200);
    expect((await paymentRow(t.database.db, payment.paymentId))!.amount).toBe(150);
  });

  it('the lease of a change whose process died holds the payment only until it lapses', async () => {
    const payment = await startCardPayment([2]);
    await t.database.db.execute(
      sql`UPDATE payments SET amount_change_id = gen_random_uuid(),
            amount_change_until = now() + interval '1 minute' WHERE id = ${payment.paymentId}`,
    );
    expect((await changeSplit(payment, [3])).status).toBe(409);
    // A success for another amount waits while the lease holds...
    stripe.intents.get(payment.intentId)!.amount = 150;
    const paid = stripe.succeed(payment.intentId);
    expect((await deliver(paid)).status).toBe(503);
    // ...and once it has lapsed, is the mismatch it is: never credited, left for an admin.
    await t.database.db.execute(
      sql`UPDATE payments SET amount_change_until = now() - interval '1 second' WHERE id = ${payment.paymentId}`,
    );
    expect((await deliver(paid)).status).toBe(200);
    expect(await paymentRow(t.database.db, payment.paymentId)).toMatchObject({
      status: 'needs_review',
      failureReason: expect.stringMatching(/^amount_mismatch/) as unknown,
    });
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });
});
