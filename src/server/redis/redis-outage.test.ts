import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, type Answer } from '#test/support/call-app.js';
import { createTestUser } from '#test/factories/user-factory.js';
import { testRedis } from '#test/support/redis-server.js';
import { TcpProxy } from '#test/support/tcp-proxy.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { readinessSchema } from '#shared/schemas/health.js';

const REDIS_URL = await testRedis();
const PASSWORD = 'correct horse battery';
const LOOKUPS_PER_MINUTE = 30;

describe.skipIf(!REDIS_URL)('Redis stops answering', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let direct: Redis;
  beforeAll(async () => {
    proxy = await TcpProxy.start(Number(new URL(REDIS_URL!).port));
    t = await createTestApp('pglite', {
      REDIS_URL: proxy.proxied(REDIS_URL!),
      RATE_LIMIT_LOOKUPS_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
    });
    direct = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1 });
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    direct?.disconnect();
  });

  const timed = async (request: () => Promise<Answer>) => {
    const started = Date.now();
    const response = await request();
    return { response, ms: Date.now() - started };
  };
  const readiness = async () => readinessSchema.parse((await call(t.app, { url: '/readyz' })).body);
  const redisInUse = async () => {
    const deadline = Date.now() + 10_000;
    while ((await readiness()).redis !== 'ok') {
      expect(Date.now(), 'Redis in use').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await readiness()).toMatchObject({ rateLimits: 'redis' });
  };
  const lookup = (remoteAddress: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/receipts/lookup',
      remoteAddress,
      body: { email: 'nobody@example.com', code: '123456' },
    });
  const signIn = (email: string, password: string, remoteAddress: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it.for(['drop', 'freeze'] as const)(
    'on %s: answers at once, keeps limits in process, says so, and returns to Redis',
    async (mode) => {
      const ip = `10.9.${mode === 'drop' ? 1 : 2}.${Math.floor(Math.random() * 250)}`;
      await redisInUse();
      const user = await createTestUser(t.app.ctx.db, { password: PASSWORD });

      // The address has used part of its window in Redis before the outage.
      const before = LOOKUPS_PER_MINUTE / 3;
      for (let i = 0; i < before; i++) expect((await lookup(ip)).status).toBe(422);

      proxy[mode]();
      // In process each request counts once, as in Redis: the window starts afresh there, since
      // the counts in Redis cannot be read meanwhile (ADR 0039).
      const lookups = [];
      for (let i = 0; i <= LOOKUPS_PER_MINUTE; i++) {
        lookups.push(await timed(() => lookup(ip)));
      }
      expect(Math.max(...lookups.map((l) => l.ms))).toBeLessThan(800);
      expect(lookups.map((l) => l.response.status)).toEqual([
        ...Array<number>(LOOKUPS_PER_MINUTE).fill(422),
        429,
      ]);

      const ready = await timed(() => call(t.app, { url: '/readyz' }));
      expect(ready.ms).toBeLessThan(1000);
      expect(ready.response.status).toBe(200);
      expect(readinessSchema.parse(ready.response.body)).toEqual({
        status: 'ready',
        database: 'ok',
        redis: 'unreachable',
        rateLimits: 'in-process',
      });

      // Password hashing and the deliberate delay after a failure take their time, Redis none.
      const wrong = await timed(() => signIn(user.email!, 'wrong password', ip));
      expect(wrong.response.status).toBe(401);
      expect(wrong.ms).toBeLessThan(3000);
      const right = await timed(() => signIn(user.email!, PASSWORD, ip));
      expect(right.response.status).toBe(200);
      expect(right.ms).toBeLessThan(3000);

      proxy.restore();
      await redisInUse();
      const after = `${ip}0`;
      expect((await lookup(after)).status).toBe(422);
      expect(await direct.get(`fastify-rate-limit-POST/api/receipts/lookup-${after}`)).toBe('1');
    },
  );
});
