import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { call } from '#test/support/call-app.js';
import { testRedis } from '#test/support/redis-server.js';
import { createTestApp, startTestApp, type TestApp } from '#test/support/test-app.js';
import { createTestDatabase, describeEachDatabase } from '#test/support/test-database.js';
import { freePort } from '#test/support/free-port.js';

describeEachDatabase('rate limits', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '2',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '2',
      RATE_LIMIT_IMAGES_PER_MINUTE: '2',
      SANDBOX_SETTLE_DELAY_MS: '60000',
    });
  });
  afterAll(() => t.close());

  it('answer 429 with a clear message on payment creation, lookup and the image proxy', async () => {
    const nominee = await nomineeWith(t.database.db, 1);
    const body = { phoneNumber: '237677000999', nominationVotes: split(nominee, [1]) };
    const attempts = [];
    for (let i = 0; i < 3; i++)
      attempts.push(await call(t.app, { method: 'POST', url: '/api/campay-payment', body: body }));
    expect(attempts.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(attempts[2]!.body.message).toMatch(/too many requests/i);

    const lookups = [];
    for (let i = 0; i < 3; i++) {
      lookups.push(
        await call(t.app, {
          method: 'POST',
          url: '/api/receipts/lookup',
          body: { email: 'a@b.co', code: '123456' },
        }),
      );
    }
    // A code nobody was sent is refused (422) until the address's limit refuses it first (429).
    expect(lookups.map((a) => a.status)).toEqual([422, 422, 429]);

    const images = [];
    for (let i = 0; i < 3; i++) {
      images.push(
        await call(t.app, {
          method: 'GET',
          url: '/api/image-proxy?url=http%3A%2F%2F127.0.0.1%2Fa.png',
        }),
      );
    }
    expect(images.map((a) => a.status)).toEqual([403, 403, 429]);
    // Status polling is not limited: the page polls on a schedule.
    const id = attempts[0]!.body.paymentId as string;
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, { method: 'GET', url: `/api/payment/${id}/status` })).status).toBe(
        200,
      );
    }
  });
});

describeEachDatabase('rate limits over IPv6', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_LOOKUPS_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  const lookupFrom = (remoteAddress: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/receipts/lookup',
      remoteAddress,
      body: { email: 'a@b.co', code: '123456' },
    });

  // The rate-limit plugin keys IPv6 clients by their /64; this keeps it so across its upgrades.
  it('counts a whole /64 as one address, so rotating within it gains nothing', async () => {
    const statuses = [];
    for (const address of [
      '2001:db8:77:1::1',
      '2001:db8:77:1:a:b:c:d',
      '2001:db8:77:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0077:0001::42',
    ]) {
      statuses.push((await lookupFrom(address)).status);
    }
    expect(statuses).toEqual([422, 422, 429, 429]);
    // The next /64 is another subscriber.
    expect((await lookupFrom('2001:db8:77:2::1')).status).toBe(422);
    // An IPv4 client seen through an IPv4-mapped address is that IPv4 client.
    expect((await lookupFrom('198.51.100.77')).status).toBe(422);
    expect((await lookupFrom('::ffff:198.51.100.77')).status).toBe(422);
    expect((await lookupFrom('198.51.100.77')).status).toBe(429);
  });
});

describeEachDatabase('rate limits behind one proxy (TRUST_PROXY=1)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_LOOKUPS_PER_MINUTE: '2', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const lookupFrom = (forwardedFor: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/receipts/lookup',
      body: { email: 'a@b.co', code: '123456' },
      ...{
        headers: { 'x-forwarded-for': forwardedFor },
      },
    });

  it('counts the address the proxy saw, not one the client wrote in front of it', async () => {
    const statuses = [];
    // The proxy appends the address it saw (203.0.113.9); everything left of it is the client's.
    for (let i = 0; i < 5; i++) {
      statuses.push((await lookupFrom(`198.51.100.${i}, 203.0.113.9`)).status);
    }
    expect(statuses).toEqual([422, 422, 429, 429, 429]);
    // Another client behind the same proxy has its own allowance.
    expect((await lookupFrom('203.0.113.10')).status).toBe(422);
  });
});

const REDIS_URL = await testRedis();

/** Prompts to one phone, from addresses that each stay far below the per-address limit. */
async function prompt(app: FastifyInstance, phoneNumber: string, from: string, language = 'en') {
  const nominee = await nomineeWith(app.ctx.db, 1);
  return call(app, {
    method: 'POST',
    url: '/api/campay-payment',
    body: { phoneNumber, nominationVotes: split(nominee, [1]) },
    ...{ remoteAddress: from, headers: { 'accept-language': language } },
  });
}

const paymentCount = async (app: FastifyInstance) =>
  (
    (await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM payments`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe('mobile-money prompts per phone number', () => {
  const limits = (hashKey: string) => ({
    RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR: '2',
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
    SANDBOX_SETTLE_DELAY_MS: '60000',
    // The counters are keyed by the phone's keyed hash: a key of its own keeps each run apart.
    PHONE_HASH_KEY: hashKey,
  });

  it('limits one phone whatever the address, and answers 429 in the voter language', async () => {
    const t = await createTestApp('pglite', limits(`prompt-limit-${randomUUID()}`));
    try {
      const first = await prompt(t.app, '237677001001', '203.0.113.1');
      const second = await prompt(t.app, '+237 677 00 10 01', '203.0.113.2');
      const before = await paymentCount(t.app);
      const third = await prompt(t.app, '237677001001', '203.0.113.3', 'fr');
      expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
      expect(third.body.message).toMatch(/trop de demandes de paiement pour ce numéro/i);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(await paymentCount(t.app)).toBe(before);
      const english = await prompt(t.app, '237677001001', '203.0.113.4');
      expect(english.body.message).toMatch(/too many payment requests for this phone number/i);
      // Both refusals are counted for the organiser, under the phone's hash.
      const blocked = (await t.app.ctx.db.execute(
        sql`SELECT reason, attempts FROM blocked_prompts WHERE phone_hash = ${t.app.ctx.hashPhone('237677001001')}`,
      )) as unknown as { rows: { reason: string; attempts: number }[] };
      expect(blocked.rows).toEqual([{ reason: 'hourly-limit', attempts: 2 }]);
      // Another phone, from the same address, is not affected.
      expect((await prompt(t.app, '237677001002', '203.0.113.1')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!REDIS_URL)(
    'shares the count between instances through Redis, which never sees the number',
    async () => {
      const hashKey = `prompt-limit-${randomUUID()}`;
      const env = { ...limits(hashKey), REDIS_URL: REDIS_URL! };
      const database = await createTestDatabase('pglite');
      const first = await startTestApp(database, env);
      const second = await startTestApp(database, env);
      const redis = new Redis(REDIS_URL!);
      try {
        const phone = '237677001003';
        const statuses = [
          (await prompt(first, phone, '198.51.100.1')).status,
          (await prompt(second, phone, '198.51.100.2')).status,
          (await prompt(first, phone, '198.51.100.3')).status,
          (await prompt(second, phone, '198.51.100.4')).status,
        ];
        expect(statuses).toEqual([200, 200, 429, 429]);
        const hash = createHmac('sha256', hashKey).update(phone).digest('hex');
        expect(await redis.keys(`*${hash}*`)).toHaveLength(1);
        expect(await redis.keys(`*${phone.slice(3)}*`)).toEqual([]);
      } finally {
        await first.close();
        await second.close();
        await redis.quit();
        await database.destroy();
      }
    },
  );
});

describe('rate limits with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A loopback port nothing listens on: every Redis command fails and the store counts in process.
    const closed = await freePort();
    t = await createTestApp('pglite', {
      REDIS_URL: `redis://127.0.0.1:${closed}`,
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '4',
      RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR: '3',
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
      SANDBOX_SETTLE_DELAY_MS: '60000',
      PHONE_HASH_KEY: `prompt-limit-${randomUUID()}`,
    });
  });
  afterAll(() => t.close());

  it('counts each request once: the limits allow as many as with Redis', async () => {
    expect(t.app.ctx.redis?.available).toBe(false);
    const lookups = [];
    for (let i = 0; i < 6; i++) {
      lookups.push(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/receipts/lookup',
            remoteAddress: '198.51.100.40',
            body: { email: 'a@b.co', code: '123456' },
          })
        ).status,
      );
    }
    expect(lookups).toEqual([422, 422, 422, 422, 429, 429]);

    const prompts = [];
    for (let i = 0; i < 5; i++) {
      prompts.push((await prompt(t.app, '237677001009', `203.0.113.${40 + i}`)).status);
    }
    expect(prompts).toEqual([200, 200, 200, 429, 429]);
  });
});
