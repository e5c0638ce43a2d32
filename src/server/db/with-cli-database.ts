import type { Config } from '#server/config.js';
import type { Database } from './client.js';
import { acquireDataDirLock, DataDirLockedError, lockedDatabaseMessage } from './data-dir-lock.js';
import { SchemaNotReadyError } from './migrate.js';
import {
  DatabaseUnreachableError,
  openConfiguredDatabase,
  type DatabaseUse,
} from './open-configured.js';

/**
 * For command line tools: opens the configured database, holding the embedded database's lock so
 * a running server is never opened twice (which would corrupt PGlite's files), runs `fn`, closes.
 * Returns the exit code: 75 (try again later) when the server holds the lock, 1 when the database
 * is unreachable or its schema not ready (with the reason on stderr).
 */
export async function withCliDatabase(
  config: Config,
  who: string,
  fn: (database: Database) => Promise<void>,
  use: DatabaseUse = 'app',
): Promise<number> {
  let lock: ReturnType<typeof acquireDataDirLock> | undefined;
  if (config.database.kind === 'pglite') {
    try {
      lock = acquireDataDirLock(config.dataDir, who);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      console.error(lockedDatabaseMessage(error));
      return 75;
    }
  }
  try {
    let database: Database;
    try {
      database = await openConfiguredDatabase(config, use);
    } catch (error) {
      if (!(error instanceof DatabaseUnreachableError || error instanceof SchemaNotReadyError)) {
        throw error;
      }
      console.error(`${who}: ${error.message}`);
      return 1;
    }
    try {
      await fn(database);
    } finally {
      await database.close();
    }
    return 0;
  } finally {
    lock?.release();
  }
}
