import type { Config } from '#server/config.js';
import { openDatabase, type Database } from './client.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { runMigrations } from './migrate.js';

/** Opens the configured database (PGlite in DATA_DIR, or PostgreSQL) and brings its schema up to date. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url, timeouts: config.databaseTimeouts }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    if (config.database.kind === 'postgres' && isDatabaseUnavailable(error)) {
      throw new DatabaseUnreachableError(config.database.url, config.databaseTimeouts.connectMs, {
        cause: error,
      });
    }
    throw error;
  }
  return database;
}

/** Start-up could not reach PostgreSQL: says where it looked (never the password) and what to check. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, connectMs: number, options: { cause: unknown }) {
    const cause = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(
      `PostgreSQL at ${describeServer(url)} is not reachable (${cause}). Check DATABASE_URL and that ` +
        `the server is up and answering (each attempt waits at most ${connectMs} ms, set by ` +
        'DATABASE_CONNECT_TIMEOUT_MS).',
      options,
    );
    this.name = 'DatabaseUnreachableError';
  }
}

function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
