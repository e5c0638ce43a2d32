import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNominee } from '#test/factories/catalog-factory.js';
import {
  createTestDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { buildCatalogSnapshot, loadCatalogRows } from './catalog-snapshot.js';

describePostgres('the catalogue read while an organiser adds a nominee', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await createNominee(database.db);
  });
  afterAll(() => database.destroy());

  it('leaves out a nominee read without its category, instead of failing', async () => {
    // The organiser's transaction holds the nominations table, so the catalogue's read of it
    // waits while the categories are read; the category and nominee it then commits come back
    // as a nominee without its category.
    const read = await database.withConnection(async (organiser, query) => {
      await query('BEGIN');
      await query('LOCK TABLE nominations IN ACCESS EXCLUSIVE MODE');
      const [{ started }] = (await query<{ started: string }>(
        'SELECT clock_timestamp()::text AS started',
      )) as [{ started: string }];
      const reading = loadCatalogRows(database.db);
      // The three reads run at once: wait until the categories' has finished and the nominations'
      // waits for the lock, in this test's database (others on the server wait on locks too).
      await expect
        .poll(async () => {
          // Activity is read once per transaction unless the snapshot is dropped.
          await query('SELECT pg_stat_clear_snapshot()');
          return (
            await query<{ ready: boolean }>(
              `SELECT EXISTS (
                   SELECT 1 FROM pg_locks
                   WHERE NOT granted AND relation = 'nominations'::regclass
                     AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                 ) AND EXISTS (
                   SELECT 1 FROM pg_stat_activity
                   WHERE datname = current_database() AND state = 'idle'
                     AND query ILIKE '%from "categories"%' AND state_change > $1::timestamptz
                 ) AS ready`,
              [started],
            )
          )[0]!.ready;
        })
        .toBe(true);
      await createNominee(organiser);
      await query('COMMIT');
      return reading;
    });
    expect(read.nominationRows).toHaveLength(2);
    const snapshot = buildCatalogSnapshot(read, () => undefined);
    for (const [categoryId, nominees] of snapshot.nominationsByCategory) {
      expect(snapshot.categoryById.has(categoryId)).toBe(true);
      for (const n of nominees) expect(snapshot.artistById.has(n.artist.id)).toBe(true);
    }
    expect([...snapshot.nominationsByCategory.values()].flat()).toHaveLength(1);
    // The next read sees both.
    const next = buildCatalogSnapshot(await loadCatalogRows(database.db), () => undefined);
    expect([...next.nominationsByCategory.values()].flat()).toHaveLength(2);
  });
});
