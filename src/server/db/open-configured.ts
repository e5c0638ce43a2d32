import type { Config } from '../config.js';
import { openDatabase, type Database } from './client.js';
import { runMigrations } from './migrate.js';

/** Opens the configured database (PGlite in DATA_DIR, or PostgreSQL) and brings its schema up to date. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  await runMigrations(database);
  return database;
}
