import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADVISORY_LOCKS } from './advisory-locks.js';
import type { Database } from './client.js';
import { pgErrorCode } from './pg-error-code.js';

/** The migrations folder sits at the package root: two levels up from dist/server, three from src/server/db. */
function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const up of ['../../migrations', '../../../migrations']) {
    const candidate = path.resolve(here, up);
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`migrations folder not found near ${here}`);
}

/** Where drizzle records the migrations it applied (its defaults, which this project keeps). */
export const MIGRATIONS_SCHEMA = 'drizzle';
export const MIGRATIONS_TABLE = '__drizzle_migrations';

/** A migration may take long, and the lock waits for another instance's migration to finish. */
const LONG_RUNNING = { longRunning: true };
const INSUFFICIENT_PRIVILEGE = '42501';
const OPERATIONS_DOC = 'docs/operations.md';

/**
 * The database cannot serve this build: its schema is behind, or the connecting role may not bring
 * it up to date or read its state. The message says what to run; start-up prints it and stops.
 */
export class SchemaNotReadyError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'SchemaNotReadyError';
  }
}

export interface SchemaOptions {
  /** The variable the connection's URL came from, named in error messages. */
  urlVariable?: string;
}

/**
 * Applies committed migrations (`npm run db:migrate`, tests). On PostgreSQL an advisory lock makes
 * concurrent runs safe, and a role that does not own the schema is refused with a clear message.
 */
export async function runMigrations(
  database: Database,
  options: SchemaOptions = {},
): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const urlVariable = options.urlVariable ?? 'DATABASE_URL';
  await database.withConnection(async (db, query) => {
    await query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrate]);
    try {
      const runner = await migrationRunner(query);
      if (runner.owner !== null && !runner.mine) {
        throw new SchemaNotReadyError(
          `${urlVariable} connects as "${runner.me}", which does not own the schema (its owner is ` +
            `"${runner.owner}"), so it cannot run migrations. Run them with the owner's URL in ` +
            `DATABASE_MIGRATION_URL; see ${OPERATIONS_DOC}.`,
        );
      }
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder }).catch(
        (error: unknown) => {
          if (pgErrorCode(error) !== INSUFFICIENT_PRIVILEGE) throw error;
          throw new SchemaNotReadyError(
            `${urlVariable} connects as "${runner.me}", which may not create the schema ` +
              `(${messageOf(error)}). Migrations run as the role that owns the schema: set ` +
              'DATABASE_MIGRATION_URL to its URL, run `npm run db:migrate`, then ' +
              `\`npm run db:grant-app-role -- <app role>\`; see ${OPERATIONS_DOC}.`,
            { cause: error },
          );
        },
      );
    } finally {
      await query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrate]);
    }
  }, LONG_RUNNING);
}

/**
 * Start-up's schema step. With `migrate`, pending migrations are applied when the connecting role
 * runs them (it owns the migrations table, or there is none yet: a first start). Otherwise, and
 * whenever the role does not own the schema (the app role in production), nothing is changed: the
 * schema is only checked, and a schema behind this build stops start-up with what to run.
 */
export async function prepareSchema(
  database: Database,
  options: SchemaOptions & { migrate: boolean },
): Promise<void> {
  const urlVariable = options.urlVariable ?? 'DATABASE_URL';
  if (database.kind === 'pglite') {
    if (options.migrate) return runMigrations(database);
    return database.withConnection((_db, query) =>
      assertSchemaCurrent(
        query,
        'MIGRATE_ON_START=false, so start-up does not migrate. Run `npm run db:migrate`, or start ' +
          'with MIGRATE_ON_START=true.',
      ),
    );
  }
  const runner = await database.withConnection((_db, query) => migrationRunner(query));
  if (options.migrate && (runner.owner === null || runner.mine)) {
    return runMigrations(database, { urlVariable });
  }
  const why =
    (!options.migrate
      ? 'MIGRATE_ON_START=false, so start-up does not migrate.'
      : `${urlVariable} connects as "${runner.me}", which does not own the schema (its owner is ` +
        `"${runner.owner}"), so start-up does not migrate.`) +
    " Run `npm run db:migrate` with the schema owner's URL in DATABASE_MIGRATION_URL, then " +
    `start again; see ${OPERATIONS_DOC}.`;
  await database.withConnection(async (_db, query) => {
    // Waits for a migration under way (db:migrate, or an owner's start) instead of reading its middle.
    await query('SELECT pg_advisory_lock_shared($1)', [ADVISORY_LOCKS.migrate]);
    try {
      await assertSchemaCurrent(query, why, runner.me);
    } finally {
      await query('SELECT pg_advisory_unlock_shared($1)', [ADVISORY_LOCKS.migrate]);
    }
  }, LONG_RUNNING);
}

interface MigrationRunner {
  /** The connecting role. */
  me: string;
  /** Who owns the migrations table (the role that runs migrations); null before the first. */
  owner: string | null;
  /** Whether the connecting role has the owner's privileges (it is the owner, a member, or superuser). */
  mine: boolean;
}

/** Read from the catalogue, which every role may read, so a role with no grants gets an answer. */
async function migrationRunner(query: Database['query']): Promise<MigrationRunner> {
  const [row] = await query<{ me: string; owner: string | null; mine: boolean | null }>(
    `SELECT current_user AS me, pg_get_userbyid(c.relowner) AS owner,
            pg_has_role(c.relowner, 'USAGE') AS mine
       FROM (SELECT 1) AS one
       LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = $1
       LEFT JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = $2`,
    [MIGRATIONS_SCHEMA, MIGRATIONS_TABLE],
  );
  return { me: row!.me, owner: row!.owner, mine: row!.mine === true };
}

/** The build's migrations, oldest first, as drizzle's journal lists them. */
function journal(): { tag: string; when: number }[] {
  const file = path.join(findMigrationsFolder(), 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] })
    .entries;
}

/**
 * Stops with SchemaNotReadyError, ending with `whatToDo`, when a migration of this build is not
 * applied. Drizzle's own rule: a migration is applied when the newest recorded one is at least as
 * recent. A database ahead of the build (an older instance during a rolling deploy) is fine.
 */
async function assertSchemaCurrent(
  query: Database['query'],
  whatToDo: string,
  me?: string,
): Promise<void> {
  const entries = journal();
  const [present] = await query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c
                      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = $1 AND c.relname = $2) AS present`,
    [MIGRATIONS_SCHEMA, MIGRATIONS_TABLE],
  );
  let newest = -Infinity;
  if (present?.present) {
    const rows = await query<{ newest: string | number | null }>(
      `SELECT max(created_at) AS newest FROM "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}"`,
    ).catch((error: unknown) => {
      if (pgErrorCode(error) !== INSUFFICIENT_PRIVILEGE) throw error;
      throw new SchemaNotReadyError(
        `DATABASE_URL's role${me ? ` "${me}"` : ''} may not read the schema's state ` +
          `(${messageOf(error)}): the grant step has not been run for it. Run ` +
          `\`npm run db:grant-app-role -- ${me ?? '<role>'}\` with the owner's URL; see ${OPERATIONS_DOC}.`,
        { cause: error },
      );
    });
    if (rows[0]?.newest !== null && rows[0]?.newest !== undefined) newest = Number(rows[0].newest);
  }
  const pending = entries.filter((entry) => entry.when > newest);
  if (pending.length === 0) return;
  throw new SchemaNotReadyError(
    `The database schema is behind this build: ${pending.length} of ${entries.length} migrations ` +
      `are not applied (the first is ${pending[0]!.tag}). ${whatToDo}`,
  );
}

function messageOf(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && typeof message === 'string') return message;
    current = cause;
  }
  return error instanceof Error ? error.message : String(error);
}
