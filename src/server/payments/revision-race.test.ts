import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import { FakeStripe } from '#test/fakes/fake-stripe.js';
import { call } from '#test/support/call-app.js';
import { buildTestApp } from '#test/support/test-app.js';
import { tallyMismatches } from '#test/support/payment-test-kit.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { checkIntegrity } from './integrity-check.js';
import { disputeStanding, keptVotes, splitKept } from './counted-votes.js';
import { CARD_LIMITS_OUT_OF_THE_WAY } from '#test/support/card-limits.js';

const PAYMENTS = 500;
const CONCURRENCY = 24;

type Scenario = 'paid' | 'partial' | 'full' | 'won' | 'lost' | 'refund-then-won' | 'inquiry';

interface Planned {
  paymentId: string;
  intentId: string;
  amount: number;
  votes: { nominationId: string; voteCount: number }[];
  events: object[];
  refunded: number;
  disputeStatus: string | null;
}

const shuffle = <T>(items: T[]): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

const event = (type: string, object: object) => ({
  id: `evt_${randomBytes(8).toString('hex')}`,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

/**
 * Stripe's events about 500 card payments, all at once: the successes, refunds (full and in
 * parts), disputes opened, won and lost, each delivered twice or three times, in random order,
 * concurrently. A refund or dispute that arrives before its payment's success is answered 503 and
 * delivered again, as Stripe does. At the end each payment keeps exactly what its final refunded
 * total and dispute state leave it (counted-votes.ts), the tallies are the sums of that, and the
 * integrity check finds nothing.
 */
describePostgres('refunds and disputes racing settlements on PostgreSQL', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let stripe: FakeStripe;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 20 });
    stripe = await new FakeStripe().start();
    app = await buildTestApp(
      database,
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        RECONCILE_INTERVAL_SECONDS: '0',
        PHONE_HASH_KEY: 'revision-race',
        ...CARD_LIMITS_OUT_OF_THE_WAY,
        ...stripe.env,
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await stripe.stop();
    await database.destroy();
  });

  it('leaves every tally equal to what the money still paid for', async () => {
    const db = database.db;
    const categories = await Promise.all([0, 1].map(() => createCategory(db)));
    const nominees = [];
    for (let i = 0; i < 3; i++) {
      nominees.push(await createNominee(db, { categoryIds: categories.map((c) => c.id) }));
    }
    const scenarios: Scenario[] = [
      'paid',
      'partial',
      'full',
      'won',
      'lost',
      'refund-then-won',
      'inquiry',
    ];
    const planned: Planned[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const nominee = nominees[i % nominees.length]!;
      const votes = nominee.nominations.map((n, k) => ({
        nominationId: n.id,
        voteCount: 1 + ((i + k) % 4),
      }));
      const intentId = `pi_race_${i}_${randomBytes(4).toString('hex')}`;
      const payment = await createPendingPayment(db, {
        provider: 'stripe',
        votes,
        payment: { providerRef: intentId },
      });
      const amount = payment.amount;
      const charge = (refunded: number) => ({
        id: `ch_race_${i}`,
        object: 'charge',
        amount,
        amount_refunded: refunded,
        refunded: refunded >= amount,
        currency: 'usd',
        payment_intent: intentId,
      });
      const dispute = (status: string) => ({
        id: `dp_race_${i}`,
        object: 'dispute',
        amount,
        currency: 'usd',
        charge: `ch_race_${i}`,
        payment_intent: intentId,
        status,
      });
      const events: object[] = [
        event('payment_intent.succeeded', {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          currency: 'usd',
          status: 'succeeded',
          metadata: { paymentId: payment.id },
        }),
      ];
      let refunded = 0;
      let disputeStatus: string | null = null;
      const scenario = scenarios[i % scenarios.length]!;
      const part = Math.max(1, Math.floor(amount / 3));
      if (scenario === 'partial') {
        events.push(
          event('charge.refunded', charge(part)),
          event('charge.refunded', charge(part * 2)),
        );
        refunded = part * 2;
      } else if (scenario === 'full') {
        events.push(
          event('charge.refunded', charge(part)),
          event('charge.refunded', charge(amount)),
        );
        refunded = amount;
      } else if (scenario === 'won' || scenario === 'refund-then-won') {
        events.push(
          event('charge.dispute.created', dispute('needs_response')),
          event('charge.dispute.updated', dispute('under_review')),
          event('charge.dispute.closed', dispute('won')),
        );
        disputeStatus = 'won';
        if (scenario === 'refund-then-won') {
          events.push(event('charge.refunded', charge(part)));
          refunded = part;
        }
      } else if (scenario === 'lost') {
        events.push(
          event('charge.dispute.created', dispute('needs_response')),
          event('charge.dispute.closed', dispute('lost')),
        );
        disputeStatus = 'lost';
      } else if (scenario === 'inquiry') {
        events.push(event('charge.dispute.created', dispute('warning_needs_response')));
        disputeStatus = 'warning_needs_response';
      }
      planned.push({
        paymentId: payment.id,
        intentId,
        amount,
        votes,
        events,
        refunded,
        disputeStatus,
      });
    }

    // Every event two or three times, all payments' events mixed.
    const deliveries = shuffle(
      planned.flatMap((p) =>
        p.events.flatMap((e, k) => Array.from({ length: 2 + (k % 2) }, () => e)),
      ),
    );
    // A delivery answered 503 goes to the back of the queue: Stripe delivers it again later.
    const queue = deliveries.map((payload) => ({ payload, attempts: 0 }));
    const deliver = async (item: { payload: object; attempts: number }) => {
      const body = JSON.stringify(item.payload);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: stripe.webhookSecret,
      });
      const res = await call(app, {
        method: 'POST',
        url: '/api/webhooks/stripe',
        body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      if (res.status === 200) return;
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      item.attempts++;
      expect(item.attempts).toBeLessThan(50);
      queue.push(item);
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let item = queue.shift(); item; item = queue.shift()) await deliver(item);
      }),
    );

    const expected = new Map<string, number>();
    for (const p of planned) {
      const total = p.votes.reduce((sum, v) => sum + v.voteCount, 0);
      const kept = keptVotes(
        { amount: p.amount, totalVotes: total, refundedAmount: p.refunded },
        disputeStanding(p.disputeStatus),
      );
      for (const [nominationId, n] of splitKept(p.votes, kept)) {
        expected.set(nominationId, (expected.get(nominationId) ?? 0) + n);
      }
    }
    const actual = await database.query<{ id: string; vote_count: number }>(
      'SELECT id, vote_count FROM nominations',
    );
    expect(Object.fromEntries(actual.map((n) => [n.id, n.vote_count]))).toEqual(
      Object.fromEntries(expected),
    );
    const statuses = await database.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM payments GROUP BY status ORDER BY status',
    );
    expect(Object.fromEntries(statuses.map((s) => [s.status, s.n]))).toEqual({
      completed: planned.filter((p) => !p.refunded && (p.disputeStatus ?? 'won') === 'won').length,
      refunded: planned.filter((p) => p.refunded && (p.disputeStatus ?? 'won') === 'won').length,
      disputed: planned.filter((p) => p.disputeStatus && p.disputeStatus !== 'won').length,
    });
    expect((await checkIntegrity(db)).differences).toEqual([]);
    expect(await tallyMismatches(db)).toEqual([]);
  }, 240_000);
});
