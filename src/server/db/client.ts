import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import fs from 'node:fs';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the app codes against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Errors of idle pooled connections (the server restarted, a DBA killed them). */
      onIdleError?: (error: Error) => void;
    };

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Raw SQL with positional parameters; used by migrations and a few hot paths. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` on one dedicated connection (session-level locks need that); PGlite has only one. */
  withConnection<T>(fn: (db: Db, query: Database['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `dataDir` undefined means an in-memory PGlite (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
    const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    const query = async <T>(text: string, params: unknown[] = []) =>
      (await client.query<T>(text, params)).rows;
    return {
      db,
      kind: 'pglite',
      query,
      withConnection: (fn) => fn(db, query),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // Without a listener, an idle connection dropped by the server (a PostgreSQL restart, a failover)
  // is an unhandled 'error' event that kills the process. The pool replaces the connection itself.
  pool.on('error', (error) => (target.onIdleError ?? defaultIdleError)(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    query: async <T>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as T[],
    withConnection: async (fn) => {
      const conn = await pool.connect();
      try {
        const connDb = drizzlePg({ client: conn, schema }) as unknown as Db;
        return await fn(
          connDb,
          async <T>(text: string, params: unknown[] = []) =>
            (await conn.query(text, params)).rows as T[],
        );
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

function defaultIdleError(error: Error): void {
  console.error(
    'PostgreSQL closed an idle connection; the pool will open a new one:',
    error.message,
  );
}
