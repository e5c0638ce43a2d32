import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.js';
import type { FakeEvent, FakeStripe } from '#test/fakes/fake-stripe.js';
import { call } from './call-app.js';
import { nomineeWith, paymentRow, split } from './payment-test-kit.js';

/**
 * Card payments as production makes them, against the fake Stripe: the checkout route creates the
 * intent, the real SDK confirms it as Stripe.js would, and the fake's own signed events reach the
 * webhook route.
 */
export function stripeCardKit(app: () => FastifyInstance, db: () => Db, stripe: () => FakeStripe) {
  const deliver = async (event: FakeEvent) => {
    const { payload, signature } = stripe().signed(event);
    return call(app(), {
      method: 'POST',
      url: '/api/webhooks/stripe',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };

  /** Delivers each event, expecting Stripe to be told it arrived. */
  const deliverAll = async (events: FakeEvent[]) => {
    for (const event of events) {
      const answer = await deliver(event);
      expect(answer.status, `${event.type}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  };

  /** A pending card payment of `votes` votes (USD 0.50 each) on one nomination. */
  async function startCardPayment(votes: number) {
    const nominee = await nomineeWith(db(), 1);
    const res = await call(app(), {
      method: 'POST',
      url: '/api/create-payment-intent-multi',
      body: { nominationVotes: split(nominee, [votes]), voterEmail: 'card@example.com' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paymentId = res.body.paymentId as string;
    const intentId = (await paymentRow(db(), paymentId))!.providerRef!;
    return { nominationId: nominee.nominations[0]!.id, paymentId, intentId };
  }

  /** A card payment paid with Stripe's test Visa, its success delivered. */
  async function paidCardPayment(votes: number) {
    const started = await startCardPayment(votes);
    await stripe().client().paymentIntents.confirm(started.intentId, {
      payment_method: 'pm_card_visa',
    });
    await deliverAll(stripe().eventsFor(started.intentId, 'payment_intent.succeeded'));
    expect((await paymentRow(db(), started.paymentId))!.status).toBe('completed');
    return started;
  }

  return { deliver, deliverAll, startCardPayment, paidCardPayment };
}
