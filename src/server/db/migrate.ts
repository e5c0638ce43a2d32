import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADVISORY_LOCKS } from './advisory-locks.js';
import type { Database } from './client.js';

/** The migrations folder sits at the package root: two levels up from dist/server, three from src/server/db. */
function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const up of ['../../migrations', '../../../migrations']) {
    const candidate = path.resolve(here, up);
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`migrations folder not found near ${here}`);
}

/** A migration may take long, and the lock waits for another instance's migration to finish. */
const LONG_RUNNING = { longRunning: true };

/** Applies committed migrations. On PostgreSQL an advisory lock makes concurrent instance starts safe. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await database.withConnection(async (db, query) => {
    await query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrate]);
    try {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    } finally {
      await query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrate]);
    }
  }, LONG_RUNNING);
}
