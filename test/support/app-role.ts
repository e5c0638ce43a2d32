import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from './postgres-server.js';

export interface AppRole {
  role: string;
  /** `ownerUrl` with this role's name and password: the app's DATABASE_URL. */
  url: string;
  /** What `npm run db:grant-app-role` printed. */
  grantOutput: string;
  /** Revokes what it was granted in the scratch database (if still there) and drops the role. */
  drop(): Promise<void>;
}

/** Runs an npm script the way an operator does, with only the environment given. */
export function runNpmScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script, '--', ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A uniquely named LOGIN role with a random password (roles belong to the whole server, so
 * parallel suites must not share one), made the app's role of the database at `ownerUrl` by
 * `npm run db:grant-app-role -- <role>` run as the operator runs it, with the owner's URL in
 * DATABASE_MIGRATION_URL.
 */
export async function createAppRole(ownerUrl: string): Promise<AppRole> {
  const role = `palmares_app_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  await asAdmin(POSTGRES_ADMIN_URL, async (admin) => {
    await admin.query(
      `CREATE ROLE ${admin.escapeIdentifier(role)} LOGIN PASSWORD ${admin.escapeLiteral(password)}`,
    );
  });
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  const drop = async () => {
    // Privileges and default privileges keep a role from being dropped while its database lives.
    const scratch = new URL(POSTGRES_ADMIN_URL);
    scratch.pathname = new URL(ownerUrl).pathname;
    await asAdmin(scratch.toString(), (admin) =>
      admin.query(`DROP OWNED BY ${admin.escapeIdentifier(role)}`),
    ).catch(() => undefined);
    await asAdmin(POSTGRES_ADMIN_URL, (admin) =>
      admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`),
    );
  };
  // The production configuration: the app's URL, and the owner's for migrations and grants.
  const grant = await runNpmScript('db:grant-app-role', [role], {
    DATABASE_URL: url.toString(),
    DATABASE_MIGRATION_URL: ownerUrl,
  });
  if (grant.code !== 0) {
    await drop();
    throw new Error(
      `npm run db:grant-app-role -- ${role} exited with ${grant.code}:\n${grant.stdout}${grant.stderr}`,
    );
  }
  return { role, url: url.toString(), grantOutput: grant.stdout, drop };
}

async function asAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
