import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reconcilePendingPayments } from '#server/payments/reconcile.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { call } from '#test/support/call-app.js';
import { startTestApp } from '#test/support/test-app.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { purgeExpiredSessionsOnce } from './session-purge.js';

/** Two instances of the app on one PostgreSQL database, both against the Campay fake. */
describePostgres('purging sessions beside other work', () => {
  let campay: FakeCampay;
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    campay = await new FakeCampay().start();
    database = await createTestDatabase('postgres', { poolSize: 10 });
    first = await startTestApp(database, campay.env);
    second = await startTestApp(database, campay.env);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.destroy();
    await campay.stop();
  });

  it('checks Campay payments while another instance is purging sessions', async () => {
    const { headers } = await signedInUser(first.ctx.db, { isAdmin: true });
    // Hold an expired session row, so that second's purge stops inside its locked transaction.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    let purge: Promise<unknown> | undefined;
    try {
      await blocker.query(
        "INSERT INTO sessions (sid, sess, expire) VALUES ('held', '{}', now() - interval '1 day')",
      );
      await blocker.query('BEGIN');
      await blocker.query("SELECT 1 FROM sessions WHERE sid = 'held' FOR UPDATE");
      purge = purgeExpiredSessionsOnce(second.ctx.db);
      const held = async () =>
        (
          await blocker.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted",
          )
        ).rows[0]!.n;
      const deadline = Date.now() + 5000;
      while ((await held()) === 0) {
        expect(Date.now(), 'the purge takes its lock').toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const res = await call(first, {
        method: 'POST',
        url: '/api/admin/check-campay-payments',
        headers,
      });
      expect(res.status).toBe(200);
      expect((await reconcilePendingPayments(first.ctx)).skipped).toBe(false);
    } finally {
      await blocker.query('COMMIT');
      await purge;
      await blocker.end();
    }
  });
});
