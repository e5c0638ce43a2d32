import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import fs from 'node:fs';
import pg from 'pg';
import type { PoolStats } from '#shared/schemas/health.js';
import * as schema from './schema.js';
import { StatementNames } from './named-statements.js';
import { SessionLocks } from './session-locks.js';

export type Schema = typeof schema;
/** The one database type the app codes against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** How long PostgreSQL may take before a wait is abandoned (see `databaseTimeouts` in config.ts). */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** In memory, start from this copy of a data directory (`dumpDataDir`) instead of empty. */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Without them nothing is bounded (tests that drive the database directly). */
      timeouts?: DatabaseTimeouts;
      /** Errors of idle pooled connections (the server restarted, a DBA killed them). */
      onIdleError?: (error: Error) => void;
      /**
       * Repeated statements run as prepared statements (named-statements.ts); on unless false.
       * Off behind a pooler that cannot keep them (PgBouncer in transaction mode, before 1.21).
       */
      namedStatements?: boolean;
    };

export interface ConnectionOptions {
  /**
   * A connection of its own without the statement bounds, for work that may legitimately run long
   * or wait for another instance (migrations, the demo seed). Opening it is still bounded.
   */
  longRunning?: boolean;
}

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Raw SQL with positional parameters; used by migrations and a few hot paths. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` on one dedicated connection (session-level locks need that); PGlite has only one. */
  withConnection<T>(
    fn: (db: Db, query: Database['query']) => Promise<T>,
    options?: ConnectionOptions,
  ): Promise<T>;
  /**
   * Runs a trivial query on a connection kept apart from the pool, so a health check neither waits
   * behind busy requests nor hangs on a frozen server longer than `timeoutMs`.
   */
  ping(timeoutMs: number): Promise<void>;
  /** How busy the pool is; PGlite has no pool. */
  poolStats(): PoolStats | undefined;
  /** The advisory locks this process holds, on a connection kept apart from the pool. */
  locks: SessionLocks;
  /**
   * PGlite only: its data directory as a tarball. A database opened from it (`loadDataDir`) skips
   * creating the cluster, a second or more of WebAssembly: tests open each of theirs from one.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** The client stops waiting this long after the server should have cancelled a statement. */
const CLIENT_GRACE_MS = 1000;

/** `dataDir` undefined means an in-memory PGlite (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
    const client = target.dataDir
      ? new PGlite(target.dataDir)
      : new PGlite({ loadDataDir: target.loadDataDir });
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    const query = async <T>(text: string, params: unknown[] = []) =>
      (await client.query<T>(text, params)).rows;
    return {
      db,
      kind: 'pglite',
      query,
      withConnection: (fn) => fn(db, query),
      ping: async () => {
        await client.query('SELECT 1');
      },
      poolStats: () => undefined,
      locks: new SessionLocks(),
      dumpDataDir: async () => client.dumpDataDir('none'),
      close: () => client.close(),
    };
  }
  const { timeouts } = target;
  const onIdleError = (error: Error) => (target.onIdleError ?? defaultIdleError)(error);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    keepAlive: true,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        }
      : {}),
  });
  if (target.namedStatements !== false) {
    const names = new StatementNames();
    pool.on('connect', (client) => names.nameOn(client));
  }
  // Without a listener, an idle connection dropped by the server (a PostgreSQL restart, a failover)
  // is an unhandled 'error' event that kills the process. The pool replaces the connection itself.
  pool.on('error', onIdleError);
  // The pool listens only while a connection is idle. One lent out (a transaction, a session lock)
  // whose socket is cut would emit 'error' with nobody listening, which also kills the process;
  // its query fails on its own, so the event only needs a listener.
  pool.on('connect', (client) => client.on('error', onIdleError));
  let probe: pg.Pool | undefined;
  const locks = new SessionLocks({
    url: target.url,
    connectMs: timeouts?.connectMs,
    statementMs: timeouts?.statementMs,
    queryMs: timeouts && timeouts.statementMs + CLIENT_GRACE_MS,
    onError: onIdleError,
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // A drizzle instance reads the whole schema's relations when made (about 0.2 ms of CPU): one is
  // kept per pooled connection, which the pool reuses, rather than made for every transaction.
  const drizzleOn = new WeakMap<pg.Client | pg.PoolClient, Db>();
  const dbOn = (conn: pg.Client | pg.PoolClient): Db => {
    let onConn = drizzleOn.get(conn);
    if (!onConn) {
      onConn = drizzlePg({ client: conn, schema }) as unknown as Db;
      drizzleOn.set(conn, onConn);
    }
    return onConn;
  };
  // Drizzle takes a pool connection for a transaction and hands it back in a `finally` that starts
  // only after BEGIN: a BEGIN that fails (the connection cut, a statement timeout) kept the
  // connection lent out for good, and a few of those left the instance without any. Each
  // transaction runs on a connection taken here instead and is always given back; dropped unless
  // the failure was PostgreSQL's own answer (then the rollback went through and it is sound).
  db.transaction = (async (work, config) => {
    const conn = await pool.connect();
    let broken: Error | undefined;
    try {
      return await dbOn(conn).transaction(work, config);
    } catch (error) {
      if (!answeredByServer(error)) broken = error as Error;
      throw error;
    } finally {
      conn.release(broken);
    }
  }) as Db['transaction'];
  const onConnection = async <T>(
    conn: pg.Client | pg.PoolClient,
    fn: (db: Db, query: Database['query']) => Promise<T>,
  ) =>
    fn(
      dbOn(conn),
      async <R>(text: string, params: unknown[] = []) =>
        (await conn.query(text, params)).rows as R[],
    );
  return {
    db,
    kind: 'postgres',
    query: async <T>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as T[],
    withConnection: async (fn, options) => {
      if (options?.longRunning) {
        const client = new pg.Client({
          connectionString: target.url,
          keepAlive: true,
          connectionTimeoutMillis: timeouts?.connectMs,
        });
        client.on('error', onIdleError);
        await client.connect();
        try {
          return await onConnection(client, fn);
        } finally {
          await client.end().catch(() => undefined);
        }
      }
      const conn = await pool.connect();
      let failed = false;
      try {
        return await onConnection(conn, fn);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        // After a failure the connection may be stuck in a statement that never answered: drop it
        // rather than hand it to the next request (and drop any session lock it still holds).
        conn.release(failed);
      }
    },
    ping: async (timeoutMs) => {
      probe ??= new pg.Pool({
        connectionString: target.url,
        max: 1,
        keepAlive: true,
        connectionTimeoutMillis: timeoutMs,
        statement_timeout: timeoutMs,
        query_timeout: timeoutMs,
      }).on('error', onIdleError);
      await probe.query('SELECT 1');
    },
    poolStats: () => ({
      max: pool.options.max,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    locks,
    close: async () => {
      await Promise.all([pool.end(), probe?.end(), locks.close()]);
    },
  };
}

/** Whether PostgreSQL itself raised `error` (a constraint, a serialization failure), however wrapped. */
function answeredByServer(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause)
    if (e instanceof pg.DatabaseError) return true;
  return false;
}

function defaultIdleError(error: Error): void {
  console.error(
    'PostgreSQL closed an idle connection; the pool will open a new one:',
    error.message,
  );
}
