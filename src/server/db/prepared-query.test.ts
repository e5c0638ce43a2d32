import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment, createPendingPayment } from '#test/factories/payment-factory.js';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { openDatabase, type Database, type Db } from './client.js';
import { preparedQuery } from './prepared-query.js';
import { payments } from './schema.js';

/** A status read of `payments` by id, counting how often it is built. */
function statusById() {
  let builds = 0;
  const query = preparedQuery((db: Db) => {
    builds++;
    return db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, sql.placeholder('id')));
  });
  return { query, builds: () => builds };
}

/** A pending and a completed payment in `db`, by their ids. */
async function twoPayments(db: Db) {
  const { nominations } = await createNominee(db);
  const votes = [{ nominationId: nominations[0]!.id, voteCount: 1 }];
  const pending = await createPendingPayment(db, { votes });
  const completed = await createCompletedPayment(db, { votes });
  return { pending: pending.id, completed: completed.id };
}

describeEachDatabase('a prepared query', (kind) => {
  let database: TestDatabase;
  let ids: Awaited<ReturnType<typeof twoPayments>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ids = await twoPayments(database.db);
  });
  afterAll(() => database?.destroy());

  it('is built once per handle and answers each run for the values it is given', async () => {
    const { query, builds } = statusById();
    expect(await query(database.db).execute({ id: ids.pending })).toEqual([{ status: 'pending' }]);
    expect(await query(database.db).execute({ id: ids.completed })).toEqual([
      { status: 'completed' },
    ]);
    expect(builds()).toBe(1);
    // A transaction's handle is another one.
    await database.db.transaction(async (tx) => {
      expect(await query(tx).execute({ id: ids.pending })).toEqual([{ status: 'pending' }]);
    });
    expect(builds()).toBe(2);
  });
});

describePostgres('a prepared query on PostgreSQL', () => {
  let migrated: TestDatabase;
  let named: Database;
  let unnamed: Database;
  let id: string;
  beforeAll(async () => {
    migrated = await createTestDatabase('postgres');
    id = (await twoPayments(migrated.db)).pending;
    // One connection each, so a query after the runs sees the statements they left.
    named = await openDatabase({ kind: 'postgres', url: migrated.url!, poolSize: 1 });
    unnamed = await openDatabase({
      kind: 'postgres',
      url: migrated.url!,
      poolSize: 1,
      namedStatements: false,
    });
  });
  afterAll(async () => {
    await named?.close();
    await unnamed?.close();
    await migrated?.destroy();
  });

  const preparedTexts = (database: Database) =>
    database.query<{ statement: string }>(
      "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%payments%'",
    );

  it('is named as any repeated statement is, and not at all when names are turned off', async () => {
    for (const database of [named, unnamed]) {
      const { query } = statusById();
      for (let i = 0; i < 4; i++) await query(database.db).execute({ id });
    }
    expect(await preparedTexts(named)).toHaveLength(1);
    expect(await preparedTexts(unnamed)).toEqual([]);
  });
});
