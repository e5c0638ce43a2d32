import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(url = POSTGRES_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The machines run PostgreSQL as a Debian cluster; start it when it is down. */
export async function ensurePostgres(): Promise<boolean> {
  if (await postgresReachable()) return true;
  try {
    const version = readdirSync('/etc/postgresql')[0];
    if (version) {
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, {
        stdio: 'ignore',
      });
    }
  } catch {
    // Reported below as unreachable.
  }
  for (let i = 0; i < 20; i++) {
    if (await postgresReachable()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** A fresh, uniquely named database, so parallel suites and developers never share state. */
export async function createScratchDatabase(prefix = 'palmares_test'): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
