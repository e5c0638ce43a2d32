/**
 * The migration to editions (0017) on a database that holds a whole event: the one event and
 * everything in it become the first edition, and no row of any table is lost or changed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '#server/db/client.js';
import { runMigrations } from '#server/db/migrate.js';
import { rowsOf } from '#server/db/rows.js';
import { checkIntegrity } from '#server/payments/index.js';
import { createScratchDatabase } from '#test/support/postgres-server.js';
import { describeEachDatabase, type DatabaseKind } from '#test/support/test-database.js';
import { fillEventBeforeEditions } from '#test/support/event-before-editions.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../../migrations');
const BEFORE_EDITIONS = '0016_ledger_chain_and_entry_salts';

/** The migrations folder as it stood before editions: the same files, the journal cut there. */
function migrationsBeforeEditions(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'palmares-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === BEFORE_EDITIONS);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const entry of journal.entries) {
    cpSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database brought up to the last migration before editions. */
async function databaseBeforeEditions(kind: DatabaseKind): Promise<Database> {
  const folder = migrationsBeforeEditions();
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    cleanups.push(() => database.close());
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return database;
  }
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  cleanups.push(async () => {
    await database.close();
    await scratch.drop();
  });
  await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  return database;
}

type Columns = Map<string, string[]>;

/** Every table of the schema with its columns, in order. */
async function columnsOf(db: Db): Promise<Columns> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`),
  );
  const columns: Columns = new Map();
  for (const row of rows) {
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  return columns;
}

/** Each table's row count and a digest of every row, over the columns given. */
async function fingerprint(
  db: Db,
  columns: Columns,
  renamed: Record<string, string>,
): Promise<Record<string, { rows: number; digest: string }>> {
  const prints: Record<string, { rows: number; digest: string }> = {};
  for (const [table, names] of columns) {
    const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
    const [print] = rowsOf<{ rows: number; digest: string }>(
      await db.execute(sql`
        SELECT count(*)::int AS rows, md5(COALESCE(string_agg(r, E'\n' ORDER BY r), '')) AS digest
        FROM (SELECT ROW(${list})::text AS r FROM ${sql.identifier(renamed[table] ?? table)}) x`),
    );
    prints[table] = print!;
  }
  return prints;
}

/** What the books say, summed the way the finance report and the results read them. */
async function books(db: Db) {
  return {
    money: rowsOf(
      await db.execute(sql`
        SELECT provider, currency, status, count(*)::int AS payments, SUM(amount)::int AS amount,
          SUM(refunded_amount)::int AS refunded, SUM(COALESCE(provider_fee, 0))::int AS fees,
          SUM(total_votes)::int AS votes
        FROM payments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    ),
    tallies: rowsOf(await db.execute(sql`SELECT id, vote_count FROM nominations ORDER BY id`)),
    receipts: rowsOf(
      await db.execute(sql`
        SELECT receipt_code FROM payments WHERE receipt_code IS NOT NULL ORDER BY 1`),
    ),
  };
}

describeEachDatabase('the migration to editions', (kind) => {
  it('makes the event and all it holds the first, current edition, changing no row', async () => {
    const database = await databaseBeforeEditions(kind);
    const { db } = database;
    await fillEventBeforeEditions(db);
    const columns = await columnsOf(db);
    expect(columns.get('event')).toBeDefined();
    const before = await fingerprint(db, columns, {});
    const booksBefore = await books(db);

    await runMigrations(database);

    const after = await fingerprint(db, columns, { event: 'editions' });
    expect(after).toEqual(before);
    expect(await books(db)).toEqual(booksBefore);
    expect(Object.values(before).every((print) => print.rows > 0)).toBe(true);

    const [edition] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT id, slug, is_current, archived_at, price_xaf, price_usd FROM editions`),
    );
    expect(edition).toEqual({
      id: 1,
      slug: '2025',
      is_current: true,
      archived_at: null,
      price_xaf: 100,
      price_usd: 50,
    });
    const [owned] = rowsOf<Record<string, number>>(
      await db.execute(sql`
        SELECT
          (SELECT count(*) FROM categories WHERE edition_id IS DISTINCT FROM 1)::int AS categories,
          (SELECT count(*) FROM payments WHERE edition_id IS DISTINCT FROM 1)::int AS payments,
          (SELECT count(*) FROM results_ledgers WHERE edition_id IS DISTINCT FROM 1)::int AS ledgers,
          (SELECT count(*) FROM audit_log WHERE edition_id IS DISTINCT FROM 1)::int AS audit,
          (SELECT count(*) FROM outbox_messages
             WHERE edition_id IS DISTINCT FROM CASE WHEN payment_id IS NULL THEN NULL ELSE 1 END
          )::int AS messages,
          (SELECT count(*) FROM payment_hourly_stats WHERE edition_id IS DISTINCT FROM 1)::int AS stats,
          (SELECT count(*) FROM provider_hourly_totals WHERE edition_id IS DISTINCT FROM 1)::int AS totals,
          (SELECT count(*) FROM payments WHERE amount_change_id IS NULL AND status <> 'needs_review'
             AND amount <> total_votes * unit_price)::int AS mispriced`),
    );
    expect(owned).toEqual({
      categories: 0,
      payments: 0,
      ledgers: 0,
      audit: 0,
      messages: 0,
      stats: 0,
      totals: 0,
      mispriced: 0,
    });
    // The books kept by trigger and by settle() still agree with the payments they count.
    expect((await checkIntegrity(db)).differences).toEqual([]);
    // A new edition takes the next id, never the first's.
    const [next] = rowsOf<{ id: number }>(
      await db.execute(
        sql`INSERT INTO editions (slug, name) VALUES ('2026', 'Palmarès 2026') RETURNING id`,
      ),
    );
    expect(next!.id).toBe(2);
  });
});
