import { describe, inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.js';
import { runMigrations } from '#server/db/migrate.js';
import { createScratchDatabase } from './postgres-server.js';

export type DatabaseKind = 'pglite' | 'postgres';
export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this scratch database (undefined for PGlite). */
  url: string | undefined;
  destroy(): Promise<void>;
}

async function newMigratedPglite(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await runMigrations(database);
  return database;
}

/**
 * A migrated, empty PGlite data directory, made once per test process: a database opened from it
 * is ready in about a third of a second, where creating and migrating one takes one and a half.
 * Component tests run in jsdom, whose Blob PGlite cannot read back; there each is made afresh.
 */
let migratedPglite: Promise<Blob> | undefined;
const canCopyPglite = typeof Blob.prototype.arrayBuffer === 'function';

async function openPgliteCopy(): Promise<Database> {
  migratedPglite ??= newMigratedPglite().then(async (database) => {
    try {
      return await database.dumpDataDir!();
    } finally {
      await database.close();
    }
  });
  return openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: await migratedPglite });
}

/** A migrated, empty database: in-memory PGlite, or a scratch database on the real PostgreSQL. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await (canCopyPglite ? openPgliteCopy() : newMigratedPglite());
    return { ...database, url: undefined, destroy: () => database.close() };
  }
  const scratch = await createScratchDatabase();
  const database = await openDatabase({
    kind: 'postgres',
    url: scratch.url,
    poolSize: options.poolSize,
    // Dropping the scratch database terminates connections still closing (57P01): expected.
    onIdleError: (error) => {
      if ((error as { code?: string }).code !== '57P01')
        console.error('idle connection error', error);
    },
  });
  await runMigrations(database);
  return {
    ...database,
    url: scratch.url,
    destroy: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Runs a suite once on PGlite and once on PostgreSQL. The PostgreSQL run is skipped only when the
 * server is unreachable outside CI (global setup fails the whole run under CI).
 */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  describe.each(['pglite', 'postgres'] as const)(`${name} [%s]`, (kind) => {
    if (kind === 'postgres' && !inject('postgresAvailable')) {
      describe.skip('PostgreSQL unavailable', () => suite(kind));
      return;
    }
    suite(kind);
  });
}

/** For suites that only make sense on the real server (concurrency, locks). */
export function describePostgres(name: string, suite: () => void): void {
  if (!inject('postgresAvailable')) describe.skip(name, suite);
  else describe(name, suite);
}
