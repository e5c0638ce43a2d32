import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { call, type Answer } from '#test/support/call-app.js';
import { createPendingPayment } from '#test/factories/payment-factory.js';
import { TcpProxy } from '#test/support/tcp-proxy.js';
import { startTestApp } from '#test/support/test-app.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { readinessSchema } from '#shared/schemas/health.js';
import { loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/client.js';
import { DatabaseUnreachableError, openConfiguredDatabase } from '#server/db/open-configured.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';

/** Short bounds keep the suite quick; production defaults are larger (config.ts). */
const TIMEOUTS = { connectMs: 500, statementMs: 800, idleInTransactionMs: 5000 };
/** Longest any answer may take while PostgreSQL is frozen: a statement's bound and some slack. */
const DEADLINE_MS = 2500;

describePostgres('PostgreSQL stops answering', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let paymentId: string;
  let votes: { nominationId: string; voteCount: number }[];

  beforeAll(async () => {
    direct = await createTestDatabase('postgres');
    const nominee = await nomineeWith(direct.db, 1);
    votes = split(nominee, [2]);
    paymentId = (await createPendingPayment(direct.db, { votes })).id;
    proxy = await TcpProxy.start(5432);
    const url = proxy.proxied(direct.url!);
    const database = await openDatabase({
      kind: 'postgres',
      url,
      timeouts: TIMEOUTS,
      // Connections cut by drop() are expected here.
      onIdleError: () => undefined,
    });
    app = await startTestApp(
      { ...database, url, destroy: () => database.close() },
      { REQUEST_TIMEOUT_MS: String(DEADLINE_MS), SANDBOX_SETTLE_DELAY_MS: '60000' },
    );
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await app?.ctx.database.close();
    await proxy?.close();
    await direct?.destroy();
  });

  const timed = async (request: () => Promise<Answer>) => {
    const started = Date.now();
    const response = await request();
    return { response, ms: Date.now() - started };
  };
  const readyz = () => call(app, { url: '/readyz' });
  const eventuallyReady = async () => {
    const deadline = Date.now() + 10_000;
    while ((await readyz()).status !== 200) {
      expect(Date.now(), 'ready again after restore').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('/readyz says so within a second, even asked twelve times at once, and recovers', async () => {
    const ok = await readyz();
    expect(ok.status).toBe(200);
    expect(readinessSchema.parse(ok.body)).toEqual({
      status: 'ready',
      database: 'ok',
      pool: { max: 10, open: expect.any(Number), idle: expect.any(Number), waiting: 0 },
      redis: 'not configured',
      rateLimits: 'in-process',
    });

    proxy.freeze();
    const answers = await Promise.all(Array.from({ length: 12 }, () => timed(readyz)));
    for (const { response, ms } of answers) {
      expect(response.status).toBe(503);
      expect(ms).toBeLessThan(1000);
    }
    expect(readinessSchema.parse(answers[0]!.response.body)).toMatchObject({
      status: 'unavailable',
      database: 'unreachable',
    });
    // Still within a second with a probe from the previous round possibly hanging.
    const again = await timed(readyz);
    expect(again.response.status).toBe(503);
    expect(again.ms).toBeLessThan(1000);

    proxy.restore();
    await eventuallyReady();
  });

  it('the catalogue and the event answer from memory, marked stale; polls and payments answer 503 with Retry-After, in both languages', async () => {
    // Pooled connections exist and the catalogue was read before the freeze, as in production.
    const before = await call(app, { url: '/api/categories' });
    expect(before.status).toBe(200);
    const event = await call(app, { url: '/api/event' });
    proxy.freeze();
    const requests = [
      () => call(app, { url: `/api/payment/${paymentId}/status` }),
      () =>
        call(app, {
          method: 'POST',
          url: '/api/campay-payment',
          headers: { 'accept-language': 'fr' },
          body: { phoneNumber: '237677000999', nominationVotes: votes },
        }),
    ];
    const catalogue = ['/api/categories', '/api/event'].map((url) =>
      timed(() => call(app, { url })),
    );
    const answers = await Promise.all(requests.map((request) => timed(request)));
    for (const { response, ms } of answers) {
      expect(response.status).toBe(503);
      expect(ms).toBeLessThanOrEqual(DEADLINE_MS + 500);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const messages = answers.map(({ response }) => response.body.message);
    expect(messages[0]).toMatch(/briefly unavailable/);
    expect(messages[1]).toMatch(/momentanément indisponible/);

    // The first read waits for the database's bound once; the ones after it are answered at once.
    const [categories, current] = await Promise.all(catalogue);
    for (const { response, ms } of [categories!, current!]) {
      expect(response.status).toBe(200);
      expect(ms).toBeLessThanOrEqual(DEADLINE_MS);
      expect(response.headers['cache-status']).toMatch(
        /^palmares; hit; ttl=-\d+; detail="database unavailable"$/,
      );
    }
    expect(categories!.response.body).toEqual(before.body);
    expect(current!.response.body).toMatchObject({ ...event.body, serverTime: expect.any(String) });
    const again = await timed(() => call(app, { url: '/api/categories' }));
    expect(again.response.status).toBe(200);
    expect(again.ms).toBeLessThan(200);

    proxy.restore();
    await eventuallyReady();
    // The first read after the database is back starts the reload; fresh answers follow.
    const deadline = Date.now() + 5000;
    let fresh = await call(app, { url: '/api/categories' });
    while (fresh.headers['cache-status'] !== undefined) {
      expect(Date.now(), 'fresh again after restore').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
      fresh = await call(app, { url: '/api/categories' });
    }
    expect(fresh.status).toBe(200);
  });

  it('answers 503 at once when the server is gone, and recovers when it is back', async () => {
    const poll = () => call(app, { url: `/api/payment/${paymentId}/status` });
    proxy.drop();
    const { response, ms } = await timed(poll);
    expect(response.status).toBe(503);
    expect(ms).toBeLessThan(DEADLINE_MS);
    expect((await readyz()).status).toBe(503);
    proxy.restore();
    await eventuallyReady();
    expect((await poll()).status).toBe(200);
  });

  it('a request still waiting at its deadline answers 503 with Retry-After', async () => {
    // Same database, but a deadline shorter than the statement bound.
    const hasty = await startTestApp(
      { ...app.ctx.database, url: undefined, destroy: async () => undefined },
      { REQUEST_TIMEOUT_MS: '300' },
    );
    try {
      const poll = () => call(hasty, { url: `/api/payment/${paymentId}/status` });
      expect((await poll()).status).toBe(200);
      proxy.freeze();
      const { response, ms } = await timed(poll);
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(ms).toBeLessThan(TIMEOUTS.statementMs);
    } finally {
      proxy.restore();
      await hasty.close();
    }
  });

  it('start-up gives up within its connect bound with a clear error', async () => {
    proxy.freeze();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: proxy.proxied(direct.url!),
      DATABASE_CONNECT_TIMEOUT_MS: '500',
    });
    const started = Date.now();
    const error: unknown = await openConfiguredDatabase(config).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(String(error)).toMatch(
      /PostgreSQL at 127\.0\.0\.1:\d+\/palmares_test_\w+ is not reachable/,
    );
    expect(String(error)).toMatch(/DATABASE_CONNECT_TIMEOUT_MS/);
  });
});
