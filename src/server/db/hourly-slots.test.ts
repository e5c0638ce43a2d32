import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';

const NEW_PAYMENT = `INSERT INTO payments (edition_id, provider, currency, unit_price, amount, total_votes)
  SELECT id, 'campay', 'XAF', 100, 300, 3 FROM editions WHERE is_current`;

/*
 * Every payment created in an hour used to add to one statistics row, and each creation held that
 * row's lock until it committed: concurrent voters' payments waited in line. The row is now one of
 * 16 for the hour, picked by connection (migration 0023).
 */
describePostgres('the hourly statistics of payments', () => {
  let database: TestDatabase;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database?.destroy();
  });

  /** Two connections whose backends add to different rows of the hour. */
  async function twoConnections(): Promise<[pg.Client, pg.Client]> {
    const bySlot = new Map<number, pg.Client>();
    while (bySlot.size < 2) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      clients.push(client);
      const { rows } = await client.query<{ slot: number }>('SELECT pg_backend_pid() % 16 AS slot');
      bySlot.set(rows[0]!.slot, client);
    }
    const [first, second] = [...bySlot.values()];
    return [first!, second!];
  }

  it('do not make one voter wait for another to commit, and still add up', async () => {
    const [first, second] = await twoConnections();
    await first.query('BEGIN');
    await first.query(NEW_PAYMENT);
    // Before, this waited for the first transaction's commit and ran out of time.
    await second.query("SET statement_timeout = '2s'");
    await second.query(NEW_PAYMENT);
    await first.query('COMMIT');

    const { rows } = await second.query<{ payments: number; amount: number; slots: number }>(
      `SELECT SUM(payments)::int AS payments, SUM(amount)::int AS amount,
              count(DISTINCT slot)::int AS slots
       FROM payment_hourly_stats WHERE status = 'pending'`,
    );
    expect(rows[0]).toEqual({ payments: 2, amount: 600, slots: 2 });
  });
});
