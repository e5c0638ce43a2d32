import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentEvents, paymentVotes } from '#server/db/schema.js';
import { reconcilePendingPayments } from '#server/payments/reconcile.js';
import { nomineeWith, paymentRow, split, tallyMismatches } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import type { PaymentConfig } from '#shared/schemas/payment.js';
import { FakeStripe, type FakeEvent } from '#test/fakes/fake-stripe.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

describeEachDatabase('card checkout against the Stripe fake', (kind) => {
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

  const deliver = (event: FakeEvent, secret?: string) => {
    const { payload, signature } = stripe.signed(event, secret);
    return call(t.app, {
      method: 'POST',
      url: '/api/webhooks/stripe',
      body: payload,
      ...{
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      },
    });
  };

  async function startCardPayment(counts = [2, 1]) {
    const nominee = await nomineeWith(t.database.db, counts.length);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        nominationVotes: split(nominee, counts),
        voterEmail: 'card@example.com',
        totalVotes: counts.reduce((a, b) => a + b, 0),
      },
    });
    expect(res.status).toBe(200);
    const paymentId = res.body.paymentId as string;
    const intentId = (await paymentRow(t.database.db, paymentId))!.providerRef!;
    return { nominee, paymentId, intentId, clientSecret: res.body.clientSecret as string };
  }

  it('reports live card mode with the publishable key', async () => {
    const res = await call<PaymentConfig>(t.app, { method: 'GET', url: '/api/payment-config' });
    expect(res.body).toMatchObject({
      card: 'stripe',
      stripePublishableKey: 'pk_test_fake',
      mobileMoney: 'sandbox',
      mode: 'sandbox',
    });
    expect(res.body.testCards).toBeUndefined();
  });

  it('creates one USD intent per payment with its id in metadata and an idempotency key', async () => {
    const { paymentId, intentId, clientSecret } = await startCardPayment([2, 1]);
    const intent = stripe.intents.get(intentId)!;
    expect(intent).toMatchObject({ amount: 150, currency: 'usd', metadata: { paymentId } });
    expect(clientSecret).toBe(intent.client_secret);
    const create = stripe.requests.find(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.params.metadata &&
        JSON.stringify(r.params).includes(paymentId),
    );
    expect(create?.idempotencyKey).toBe(`palmares-create-${paymentId}`);
  });

  it('a changed split updates the same payment and intent, leaving no orphan', async () => {
    const { nominee, paymentId, intentId } = await startCardPayment([2, 1]);
    const before = stripe.intents.size;
    for (const counts of [
      [4, 0],
      [1, 1],
      [4, 0],
    ]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/create-payment-intent-multi',
        body: {
          paymentId,
          nominationVotes: split(nominee, counts),
        },
      });
      expect(res.body.paymentId).toBe(paymentId);
    }
    expect(stripe.intents.size).toBe(before);
    expect(stripe.intents.get(intentId)!.amount).toBe(200);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      amount: 200,
      totalVotes: 4,
    });
    const lines = await t.database.db
      .select()
      .from(paymentVotes)
      .where(eq(paymentVotes.paymentId, paymentId));
    expect(lines.map((l) => l.voteCount)).toEqual([4]);
  });

  it('confirm-payment settles from the intent, and duplicated, late webhooks change nothing', async () => {
    const { paymentId, intentId } = await startCardPayment([3]);
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/confirm-payment',
      body: {
        paymentIntentId: intentId,
      },
    });
    expect(confirmed.body).toEqual({ paymentId, status: 'completed' });
    const succeeded = stripe.eventsFor(intentId, 'payment_intent.succeeded')[0]!;
    for (let i = 0; i < 3; i++) expect((await deliver(succeeded)).status).toBe(200);
    const row = await paymentRow(t.database.db, paymentId);
    expect(row).toMatchObject({ status: 'completed', amount: 150 });
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId));
    expect(events).toHaveLength(1);
    expect(events[0]!.source).toBe('confirm');
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });

  it('a declined card leaves the payment open; the retry with another card completes it', async () => {
    const { paymentId, intentId } = await startCardPayment([2]);
    const browser = stripe.client();
    await expect(
      browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    const failed = stripe.eventsFor(intentId, 'payment_intent.payment_failed')[0]!;
    expect((await deliver(failed)).status).toBe(200);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'pending',
      failureReason: 'Your card was declined.',
    });
    await browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const succeeded = stripe.eventsFor(intentId, 'payment_intent.succeeded')[0]!;
    // Out of order: success first, then the older failure, then success again.
    await deliver(succeeded);
    await deliver(failed);
    await deliver(succeeded);
    expect(await paymentRow(t.database.db, paymentId)).toMatchObject({
      status: 'completed',
      failureReason: null,
    });
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/confirm-payment',
      body: {
        paymentIntentId: intentId,
      },
    });
    expect(confirmed.body).toEqual({ paymentId, status: 'completed' });
  });

  it('refuses forged, unsigned and tampered webhooks without touching the payment', async () => {
    const { paymentId, intentId } = await startCardPayment([1]);
    const event = stripe.succeed(intentId);
    const forged = await deliver(event, 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/signature/i);
    const unsigned = await call(t.app, {
      method: 'POST',
      url: '/api/webhooks/stripe',
      body: JSON.stringify(event),
      ...{
        headers: { 'content-type': 'application/json' },
      },
    });
    expect(unsigned.status).toBe(400);
    const { signature } = stripe.signed(event);
    const tampered = await call(t.app, {
      method: 'POST',
      url: '/api/webhooks/stripe',
      body: JSON.stringify({ ...event, id: 'evt_other' }),
      ...{ headers: { 'content-type': 'application/json', 'stripe-signature': signature } },
    });
    expect(tampered.status).toBe(400);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('pending');
    expect((await deliver(event)).status).toBe(200);
    expect((await paymentRow(t.database.db, paymentId))!.status).toBe('completed');
  });

  it('an intent paid on Stripe but not yet here refuses a new split (409) and settles at its amount', async () => {
    const { nominee, paymentId, intentId } = await startCardPayment([2]);
    stripe.succeed(intentId);
    const change = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        paymentId,
        nominationVotes: split(nominee, [5]),
      },
    });
    expect(change.status).toBe(409);
    expect((await paymentRow(t.database.db, paymentId))!.amount).toBe(100);
    // The webhook was lost: polling asks Stripe and settles.
    expect(
      (await call(t.app, { method: 'GET', url: `/api/payment/${paymentId}/status` })).body,
    ).toEqual({
      status: 'completed',
    });
    // A settled payment is never reused: the next split gets a new payment.
    const next = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        paymentId,
        nominationVotes: split(nominee, [5]),
      },
    });
    expect(next.status).toBe(200);
    expect(next.body.paymentId).not.toBe(paymentId);
  });

  it('maps an unreachable Stripe to 502 and closes the payment it could not set up', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    stripe.failNext(10);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: {
        nominationVotes: split(nominee, [1]),
      },
    });
    stripe.failNext(0);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/card payment service/i);
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT status, failure_reason FROM payments ORDER BY created_at DESC LIMIT 1`,
      )) as unknown as { rows: { status: string; failure_reason: string }[] }
    ).rows;
    expect(row).toMatchObject({ status: 'failed' });
  });

  it('confirm-payment: unknown intents are 404, a declined-only intent stays pending', async () => {
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/confirm-payment',
      body: {
        paymentIntentId: 'pi_doesnotexist',
      },
    });
    expect(missing.status).toBe(404);
    const { paymentId, intentId } = await startCardPayment([1]);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/confirm-payment',
      body: { paymentIntentId: intentId },
    });
    expect(res.body).toEqual({ paymentId, status: 'pending' });
  });

  it('expiry cancels the intent and fails the payment; a paid one completes instead', async () => {
    const open = await startCardPayment([1]);
    const paid = await startCardPayment([1]);
    stripe.succeed(paid.intentId);
    await t.database.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '3 days' WHERE id IN (${open.paymentId}, ${paid.paymentId})`,
    );
    const result = await reconcilePendingPayments(t.app.ctx);
    expect(result.updated).toBeGreaterThanOrEqual(2);
    expect(stripe.intents.get(open.intentId)!.status).toBe('canceled');
    expect(await paymentRow(t.database.db, open.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    });
    expect((await paymentRow(t.database.db, paid.paymentId))!.status).toBe('completed');
    expect(await tallyMismatches(t.database.db)).toEqual([]);
  });
});
