import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TcpProxy } from '#test/support/tcp-proxy.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { openDatabase, type Database } from './client.js';

/** Short bounds so a frozen server fails a statement quickly. */
const TIMEOUTS = { connectMs: 500, statementMs: 300, idleInTransactionMs: 5000 };

describePostgres('a transaction whose connection fails', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  beforeAll(async () => {
    direct = await createTestDatabase('postgres');
    proxy = await TcpProxy.start(Number(new URL(direct.url!).port || 5432));
    database = await openDatabase({
      kind: 'postgres',
      url: proxy.proxied(direct.url!),
      poolSize: 2,
      timeouts: TIMEOUTS,
      onIdleError: () => undefined,
    });
  });
  afterAll(async () => {
    proxy?.restore();
    await database?.close();
    await proxy?.close();
    await direct?.destroy();
  });

  const transaction = () => database.db.transaction((tx) => tx.execute(sql`SELECT 1`));

  it('gives its connection back even when BEGIN never answered, so the pool is not used up', async () => {
    await Promise.all([transaction(), transaction()]);
    proxy.freeze();
    // BEGIN goes out on both of the pool's connections and times out.
    const failed = await Promise.allSettled([transaction(), transaction()]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    proxy.restore();
    expect(database.poolStats()).toMatchObject({ open: 0, waiting: 0 });
    // Without them back, this would wait for a connection until it gave up.
    await expect(transaction()).resolves.toBeDefined();
  });

  it('keeps the connection when PostgreSQL itself refused the statement', async () => {
    const before = await database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await expect(database.db.transaction((tx) => tx.execute(sql`SELECT 1/0`))).rejects.toThrow();
    expect(database.poolStats()).toMatchObject({ open: 1, idle: 1 });
    expect(await database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).toEqual(before);
  });
});
