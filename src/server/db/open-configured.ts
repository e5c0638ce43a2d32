import type { Config } from '#server/config.js';
import { openDatabase, type Database } from './client.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { prepareSchema, runMigrations } from './migrate.js';

/**
 * Who the connection is for:
 * - `app`: the server and the CLIs that do the app's work (seed, users). DATABASE_URL; start-up's
 *   schema step (migrate when MIGRATE_ON_START and the role owns the schema, else check).
 * - `migrate`: `npm run db:migrate`. The owner's URL (DATABASE_MIGRATION_URL, else DATABASE_URL);
 *   applies pending migrations.
 * - `owner`: `npm run db:grant-app-role`. The owner's URL; the schema is left as it is.
 */
export type DatabaseUse = 'app' | 'migrate' | 'owner';

/** Opens the configured database (PGlite in DATA_DIR, or PostgreSQL) and prepares its schema for `use`. */
export async function openConfiguredDatabase(
  config: Config,
  use: DatabaseUse = 'app',
): Promise<Database> {
  const timeouts = config.databaseTimeouts;
  const postgres = config.database.kind === 'postgres' ? config.database : undefined;
  const asOwner = use !== 'app';
  const url = asOwner ? postgres?.migrationUrl : postgres?.url;
  const urlVariable = (asOwner && postgres?.migrationUrlVariable) || 'DATABASE_URL';
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? {
          kind: 'postgres',
          url: url!,
          timeouts,
          poolSize: config.databasePoolSize,
          namedStatements: config.databasePreparedStatements,
        }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  try {
    if (use === 'app') {
      await prepareSchema(database, { migrate: config.migrateOnStart, urlVariable });
    } else if (use === 'migrate') {
      await runMigrations(database, { urlVariable });
    } else {
      await database.ping(timeouts.connectMs);
    }
  } catch (error) {
    await database.close().catch(() => undefined);
    if (url && isDatabaseUnavailable(error)) {
      throw new DatabaseUnreachableError(url, timeouts.connectMs, {
        cause: error,
        urlVariable,
      });
    }
    throw error;
  }
  return database;
}

/** Start-up could not reach PostgreSQL: says where it looked (never the password) and what to check. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, connectMs: number, options: { cause: unknown; urlVariable?: string }) {
    const cause = options.cause instanceof Error ? options.cause.message : String(options.cause);
    const urlVariable = options.urlVariable ?? 'DATABASE_URL';
    super(
      `PostgreSQL at ${describeServer(url, urlVariable)} is not reachable (${cause}). Check ${urlVariable} and that ` +
        `the server is up and answering (each attempt waits at most ${connectMs} ms, set by ` +
        'DATABASE_CONNECT_TIMEOUT_MS).',
      { cause: options.cause },
    );
    this.name = 'DatabaseUnreachableError';
  }
}

function describeServer(url: string, urlVariable: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return urlVariable;
  }
}
