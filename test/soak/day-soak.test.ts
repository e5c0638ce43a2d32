import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/client.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { FakeStripe } from '#test/fakes/fake-stripe.js';
import { startRedisServer, type RedisServer } from '#test/support/redis-server.js';
import { TcpProxy } from '#test/support/tcp-proxy.js';
import { buildTestApp } from '#test/support/test-app.js';
import { call } from '#test/support/call-app.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { sleep } from './soak-engine.js';
import { compressedSettings, runSoak, type SoakSize } from './soak-run.js';
import { soakSeed } from './soak-schedule.js';
import { inProcessTarget } from './soak-target.js';

/**
 * A day of an event with its faults, a few thousand payments, in-process: two instances of the
 * real app on one scratch PostgreSQL database reached through a proxy (cut now and then), a Redis
 * of the file's own (restarted now and then), and the protocol fakes of Campay and Stripe. The
 * month, with processes killed on a cluster, is `npm run soak`.
 */
const SIZE = {
  seed: soakSeed(process.env.SOAK_SEED),
  payments: Number(process.env.SOAK_DAY_PAYMENTS ?? 2000),
  hours: 24,
  // About what an hour of this many voters takes here, so the app's clocks (expiry, the
  // reconciler's look-back), which run on real time, keep step with the event's hours.
  hourMs: 1000,
  expiryHours: 3,
  // An hour's voters wait on one another's answers more than on the cores.
  concurrency: 32,
  campayTimeoutMs: 300,
  processFaults: false,
  instances: 2,
  drainMs: 20_000,
  log: (line: string) => console.log(line),
} satisfies SoakSize;

describePostgres('a day of faults', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let redis: RedisServer;
  let campay: FakeCampay;
  let stripe: FakeStripe;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    direct = await createTestDatabase('postgres', { poolSize: 4 });
    proxy = await TcpProxy.start(Number(new URL(direct.url!).port || 5432));
    redis = await startRedisServer();
    campay = await new FakeCampay().start();
    stripe = await new FakeStripe().start();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PHONE_HASH_KEY: 'day-soak-phone-key',
      REDIS_URL: redis.url,
      OUTBOX_INTERVAL_MS: '0',
      INTEGRITY_CHECK_INTERVAL_SECONDS: '0',
      SESSION_PURGE_INTERVAL_SECONDS: '0',
      ...compressedSettings(SIZE),
      ...campay.env,
      ...stripe.env,
    };
    const config = loadConfig(env);
    for (let i = 0; i < SIZE.instances; i++) {
      const url = proxy.proxied(direct.url!);
      // Opened as production opens it (its timeouts free a connection a cut left hanging).
      const database = await openDatabase({
        kind: 'postgres',
        url,
        poolSize: config.databasePoolSize,
        timeouts: config.databaseTimeouts,
        // Connections the proxy cuts are the point of the exercise.
        onIdleError: () => undefined,
      });
      const app = await buildTestApp({ ...database, url, destroy: () => database.close() }, config);
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    proxy?.restore();
    for (const app of apps) {
      await app.close();
      await app.ctx.database.close();
    }
    await proxy?.close();
    await campay?.stop();
    await stripe?.stop();
    await redis?.stop();
    await direct?.destroy();
  });

  it('settles every payment exactly once and the books balance', async () => {
    const db = direct.db;
    // Ten categories of six: votes spread as at an event, not all on a few hot rows.
    const categories = await Promise.all(Array.from({ length: 10 }, () => createCategory(db)));
    const nominationIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const nominee = await createNominee(db, { categoryIds: categories.map((c) => c.id) });
      nominationIds.push(...nominee.nominations.map((n) => n.id));
    }
    const admin = await signedInUser(db, { isAdmin: true });
    const result = await runSoak(
      {
        target: inProcessTarget(apps),
        campay,
        stripe,
        db,
        nominationIds,
        adminHeaders: admin.headers,
        faults: {
          async cutDatabase() {
            proxy.drop();
            await sleep(SIZE.hourMs / 3);
            proxy.restore();
          },
          async restartRedis() {
            const port = Number(new URL(redis.url).port);
            await redis.stop();
            await sleep(SIZE.hourMs / 3);
            redis = await startRedisServer({ port });
          },
        },
      },
      SIZE,
    );
    console.log(result.lines.join('\n'));
    // Each instance still has its database connections to serve with (none left lent out).
    for (const app of apps) {
      const ready = await call(app, { url: '/readyz' });
      expect(ready.body, 'ready after the day').toMatchObject({ status: 'ready' });
    }
    const failed = result.checks.find((c) => !c.ok);
    expect(
      failed && `seed ${result.plan.seed}: ${failed.name}\n${failed.problems.join('\n')}`,
    ).toBeUndefined();
  }, 180_000);
});
