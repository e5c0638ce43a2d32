import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { tallyMismatches } from '#test/support/payment-test-kit.js';
import { call, type Answer } from '#test/support/call-app.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { FakeStripe } from '#test/fakes/fake-stripe.js';
import { buildTestApp } from '#test/support/test-app.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { CARD_LIMITS_OUT_OF_THE_WAY } from '#test/support/card-limits.js';

const PER_KIND = 30;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Two instances on one PostgreSQL database (one live against the fakes, one in sandbox mode), and
 * every outcome arriving at once from every source, duplicated, in random order.
 */
describePostgres('exactly-once settlement under concurrent, duplicated deliveries', () => {
  let database: TestDatabase;
  let live: FastifyInstance;
  let sandbox: FastifyInstance;
  let stripe: FakeStripe;
  let campay: FakeCampay;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 20 });
    stripe = await new FakeStripe().start();
    campay = await new FakeCampay().start();
    const base = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      RECONCILE_INTERVAL_SECONDS: '0',
      PHONE_HASH_KEY: 'exactly-once',
      PAYMENT_POLL_INTERVAL_MS: '0',
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '100000',
      ...CARD_LIMITS_OUT_OF_THE_WAY,
    } as const;
    live = await buildTestApp(database, loadConfig({ ...base, ...stripe.env, ...campay.env }));
    sandbox = await buildTestApp(database, loadConfig({ ...base, SANDBOX_SETTLE_DELAY_MS: '0' }));
  });
  afterAll(async () => {
    await live.close();
    await sandbox.close();
    await stripe.stop();
    await campay.stop();
    await database.destroy();
  });

  it('credits every paid vote once and nothing else', async () => {
    const db = database.db;
    const categories = await Promise.all([0, 1, 2].map(() => createCategory(db)));
    const nominees: Awaited<ReturnType<typeof createNominee>>[] = [];
    for (let i = 0; i < 4; i++) {
      nominees.push(await createNominee(db, { categoryIds: categories.map((c) => c.id) }));
    }
    // Overlapping nominations across payments, so concurrent settlements contend for the same rows.
    const votesFor = (i: number) => {
      const nominee = nominees[i % nominees.length]!;
      return nominee.nominations.map((n, k) => ({
        nominationId: n.id,
        voteCount: 1 + ((i + k) % 5),
      }));
    };

    const expected = new Map<string, 'completed' | 'failed' | 'pending'>();
    const deliveries: (() => Promise<Answer>)[] = [];

    for (let i = 0; i < PER_KIND; i++) {
      // Card, live: paid (most) or declined (stays pending).
      const card = await call(live, {
        method: 'POST',
        url: '/api/create-payment-intent-multi',
        body: {
          nominationVotes: votesFor(i),
          voterEmail: `card${i}@example.com`,
        },
      });
      const paymentId = card.body.paymentId as string;
      const intentId = stripe.intents.get(
        [...stripe.intents.values()].find((x) => x.metadata.paymentId === paymentId)!.id,
      )!.id;
      const declined = i % 6 === 0;
      if (declined) {
        await stripe
          .client()
          .paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })
          .catch(() => undefined);
      } else {
        await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
      }
      expected.set(paymentId, declined ? 'pending' : 'completed');
      for (const event of stripe
        .eventsFor(intentId)
        .filter((e) => e.type !== 'payment_intent.created')) {
        for (let d = 0; d < 3; d++) {
          deliveries.push(() => {
            const { payload, signature } = stripe.signed(event);
            return call(live, {
              method: 'POST',
              url: '/api/webhooks/stripe',
              body: payload,
              ...{
                headers: { 'content-type': 'application/json', 'stripe-signature': signature },
              },
            });
          });
        }
      }
      for (let d = 0; d < 2; d++) {
        deliveries.push(() =>
          call(live, {
            method: 'POST',
            url: '/api/confirm-payment',
            body: { paymentIntentId: intentId },
          }),
        );
        deliveries.push(() =>
          call(live, { method: 'GET', url: `/api/payment/${paymentId}/status` }),
        );
      }

      // Mobile money, live: approved or declined on the phone.
      const phone = `2376770${String(10000 + i).padStart(5, '0')}`;
      const mm = await call(live, {
        method: 'POST',
        url: '/api/campay-payment',
        body: {
          phoneNumber: phone,
          nominationVotes: votesFor(i + 1),
        },
      });
      const mmId = mm.body.paymentId as string;
      const tx = campay.byExternalReference(mmId)!;
      const approved = i % 4 !== 0;
      if (approved) campay.complete(tx.reference);
      else campay.fail(tx.reference);
      expected.set(mmId, approved ? 'completed' : 'failed');
      for (let d = 0; d < 3; d++) {
        deliveries.push(async () => {
          const request = await campay.callback(tx.reference, { method: d % 2 ? 'GET' : 'POST' });
          return call(live, { method: request.method, url: request.url, body: request.payload });
        });
      }
      for (let d = 0; d < 2; d++)
        deliveries.push(() => call(live, { method: 'GET', url: `/api/payment/${mmId}/status` }));

      // Sandbox mobile money: its own timer races the polls.
      const failing = i % 5 === 0;
      const sbx = await call(sandbox, {
        method: 'POST',
        url: '/api/campay-payment',
        body: {
          phoneNumber: failing ? '237670000001' : `2376990${String(10000 + i).padStart(5, '0')}`,
          nominationVotes: votesFor(i + 2),
        },
      });
      const sbxId = sbx.body.paymentId as string;
      expected.set(sbxId, failing ? 'failed' : 'completed');
      for (let d = 0; d < 3; d++)
        deliveries.push(() =>
          call(sandbox, { method: 'GET', url: `/api/payment/${sbxId}/status` }),
        );

      // Sandbox card: the test card, twice, and the confirmation, twice.
      const sc = await call(sandbox, {
        method: 'POST',
        url: '/api/create-payment-intent-multi',
        body: {
          nominationVotes: votesFor(i + 3),
          voterEmail: `sandbox${i}@example.com`,
        },
      });
      const scId = sc.body.paymentId as string;
      expected.set(scId, 'completed');
      for (let d = 0; d < 2; d++) {
        deliveries.push(() =>
          call(sandbox, {
            method: 'POST',
            url: '/api/sandbox/card-confirm',
            body: {
              paymentId: scId,
              cardNumber: '4242424242424242',
            },
          }),
        );
        deliveries.push(async () => {
          const confirmed = await call(sandbox, {
            method: 'POST',
            url: '/api/sandbox/card-confirm',
            body: {
              paymentId: scId,
              cardNumber: '4242424242424242',
            },
          });
          return call(sandbox, {
            method: 'POST',
            url: '/api/confirm-payment',
            body: {
              paymentIntentId: confirmed.body.paymentIntentId,
            },
          });
        });
      }
    }

    const answers = await Promise.all(shuffle(deliveries).map((deliver) => deliver()));
    const serverErrors = answers.filter((a) => a.status >= 500);
    expect(serverErrors).toEqual([]);
    // The last sandbox polls may run before the timer; ask once more now that all is quiet.
    for (const [id] of expected)
      await call(sandbox, { method: 'GET', url: `/api/payment/${id}/status` });

    const rows = (
      (await db.execute(sql`SELECT id, status FROM payments`)) as unknown as {
        rows: { id: string; status: string }[];
      }
    ).rows;
    const actual = new Map(rows.map((r) => [r.id, r.status]));
    for (const [id, status] of expected)
      expect({ id, status: actual.get(id) }).toEqual({ id, status });
    expect(await tallyMismatches(db)).toEqual([]);
    const credited = (
      (await db.execute(
        sql`SELECT COALESCE(SUM(vote_count), 0)::int AS votes FROM nominations`,
      )) as unknown as {
        rows: { votes: number }[];
      }
    ).rows[0]!.votes;
    const paid = (
      (await db.execute(
        sql`SELECT COALESCE(SUM(total_votes), 0)::int AS votes FROM payments WHERE status = 'completed'`,
      )) as unknown as { rows: { votes: number }[] }
    ).rows[0]!.votes;
    expect(credited).toBe(paid);
    expect(paid).toBeGreaterThan(0);
  });
});
