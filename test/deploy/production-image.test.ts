import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '#test/support/free-port.js';
import { POSTGRES_ADMIN_URL } from '#test/support/postgres-server.js';
import { ownOrSharedRedis, type RedisServer } from '#test/support/redis-server.js';
import { openSse } from '#test/support/sse-client.js';
import { loadCompose, serviceEnvironment } from './compose-file.js';
import { execForm, healthcheck, instructions, stageEnvironment } from './dockerfile.js';
import {
  assembleRuntimeTree,
  scratchParent,
  snapshotTree,
  treeChanges,
  type RuntimeTree,
} from './runtime-tree.js';

/**
 * The image's start without Docker: its /app assembled from the Dockerfile (the build run on the
 * build context, production dependencies only, made read-only), PostgreSQL's first-start script
 * and compose.yaml's migrate step run as written, then the image's CMD with the Dockerfile's ENV
 * and compose.yaml's app settings, as an unprivileged user, on loopback. One build per run: slow
 * (tens of seconds), so it is one file with one server.
 */

const ROOT = process.cwd();
const NODE_DIR = path.dirname(process.execPath);

/** The image runs as a user that owns none of its files; as root here, run as nobody. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('no user nobody to run the server as');
  return { uid: Number(uid), gid: Number(gid) };
}

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function run(
  command: string[],
  options: { cwd: string; env: Record<string, string>; user?: { uid: number; gid: number } },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const [file, ...args] = command;
    const { cwd, env, user } = options;
    const child = spawn(file!, args, { cwd, env, ...user, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

/** The image's `node` is this machine's: same command line, this machine's binary. */
const withThisNode = (command: string[]) =>
  command[0] === 'node' ? [process.execPath, ...command.slice(1)] : command;

async function asAdmin<T>(fn: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(POSTGRES_ADMIN_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!inject('postgresAvailable'))('the production image, started as it runs', () => {
  const user = unprivilegedUser();
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const names = {
    owner: `palmares_owner_${suffix}`,
    app: `palmares_app_${suffix}`,
    database: `palmares_image_${suffix}`,
  };
  const passwords = {
    PALMARES_OWNER_PASSWORD: randomBytes(16).toString('hex'),
    PALMARES_APP_PASSWORD: randomBytes(16).toString('hex'),
  };
  let workDir: string | undefined;
  let dataDir: string;
  let tree: RuntimeTree;
  let filesAtStart: Map<string, string>;
  let port: number;
  let origin: string;
  let imageEnv: Record<string, string>;
  let migrate: Finished;
  let server: ChildProcess | undefined;
  let serverOutput = '';
  let serverExit: Promise<Finished> | undefined;
  let redis: RedisServer | null = null;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(scratchParent(), 'palmares-image-'));
    dataDir = path.join(workDir, 'data');
    chmodSync(workDir, 0o755);
    tree = await assembleRuntimeTree(ROOT, workDir);
    // The image's files belong to root and its user may not write them: no write bit for anyone.
    spawnSync('chmod', ['-R', 'a-w', tree.app]);
    filesAtStart = snapshotTree(tree.app);
    mkdirSync(dataDir);
    if (user) chownSync(dataDir, user.uid, user.gid);
    imageEnv = stageEnvironment(tree.stage);
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;

    // PostgreSQL's first start: the roles and the database, by the script compose.yaml mounts.
    const admin = new URL(POSTGRES_ADMIN_URL);
    const init = await run([path.join(ROOT, 'deploy/postgres-init.sh')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        POSTGRES_USER: decodeURIComponent(admin.username) || 'postgres',
        PGHOST: admin.hostname.replace(/^\[(.*)\]$/, '$1'),
        PGPORT: admin.port || '5432',
        ...(admin.password ? { PGPASSWORD: decodeURIComponent(admin.password) } : {}),
        PALMARES_OWNER_ROLE: names.owner,
        PALMARES_APP_ROLE: names.app,
        PALMARES_DATABASE: names.database,
        ...passwords,
      },
    });
    expect(init.code, init.output).toBe(0);

    const compose = loadCompose({
      PUBLIC_URL: origin,
      // A production start names every channel it has; nothing is sent here, no payment is made.
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'Palmares <receipts@example.com>',
      PHONE_HASH_KEY: randomBytes(32).toString('hex'),
      POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
      ...passwords,
    });
    /** compose.yaml's database URLs, pointed at this machine's server and this run's names. */
    const local = (env: Record<string, string>) => {
      const roles: Record<string, string> = {
        palmares_owner: names.owner,
        palmares_app: names.app,
      };
      const result = { ...env };
      for (const key of ['DATABASE_URL', 'DATABASE_MIGRATION_URL']) {
        if (result[key] === undefined) continue;
        const url = new URL(result[key]);
        const role = roles[url.username];
        if (url.hostname !== 'postgres' || url.pathname !== '/palmares' || !role) {
          throw new Error(`${key} is not the shape this test knows: ${url.host}${url.pathname}`);
        }
        url.hostname = admin.hostname;
        url.port = admin.port;
        url.username = role;
        url.pathname = `/${names.database}`;
        result[key] = url.toString();
      }
      if (result.APP_ROLE !== undefined) result.APP_ROLE = roles[result.APP_ROLE] ?? '';
      return result;
    };
    const system = { PATH: `${NODE_DIR}:/usr/bin:/bin`, DATA_DIR: dataDir };

    // The release step: compose.yaml's migrate command, as the image would run it.
    const migrateService = compose.services.migrate!;
    migrate = await run(migrateService.command!, {
      cwd: tree.app,
      env: { ...imageEnv, ...local(serviceEnvironment(migrateService)), ...system },
      user,
    });

    // Started inside a hook, where Vitest takes no afterAll: this file's own stops it.
    redis = await ownOrSharedRedis();
    const appEnv: Record<string, string> = {
      ...imageEnv,
      ...local(serviceEnvironment(compose.services.app1!)),
      ...system,
      // Loopback only: the image listens on every interface of its container.
      HOST: '127.0.0.1',
      PORT: String(port),
      // compose.yaml's drain is sized to HAProxy's checks; a shorter one proves the same steps.
      SHUTDOWN_DRAIN_MS: '1500',
    };
    if (redis) appEnv.REDIS_URL = redis.url;
    else delete appEnv.REDIS_URL;
    if (migrate.code !== 0) return;
    const [file, ...args] = withThisNode(execForm(instructions(tree.stage, 'CMD')[0]!));
    server = spawn(file!, args, {
      cwd: tree.app,
      env: appEnv,
      ...user,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
    const started = server;
    serverExit = new Promise((resolve) =>
      started.on('exit', (code, signal) => resolve({ code, signal, output: serverOutput })),
    );
    for (let tries = 0; tries < 150; tries++) {
      if (started.exitCode !== null) break;
      const ready = await fetch(`${origin}/readyz`).catch(() => undefined);
      if (ready?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not become ready:\n${serverOutput}`);
  }, 150_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await serverExit;
    }
    await redis?.stop();
    await asAdmin(async (client) => {
      await client.query(
        `DROP DATABASE IF EXISTS ${client.escapeIdentifier(names.database)} WITH (FORCE)`,
      );
      for (const role of [names.app, names.owner]) {
        await client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(role)}`);
      }
    });
    if (workDir) {
      spawnSync('chmod', ['-R', 'u+w', workDir]);
      rmSync(workDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('migrates as the owner and grants the app role in the migrate step, from the bundles', () => {
    expect(migrate.code, migrate.output).toBe(0);
    expect(migrate.output).toContain('Migrations applied.');
    expect(migrate.output).toContain(`Granted the app's privileges to "${names.app}".`);
    // The image holds the bundles, not the sources the npm scripts run through tsx.
    expect(readdirSync(tree.app).sort()).toEqual([
      'dist',
      'migrations',
      'node_modules',
      'package-lock.json',
      'package.json',
    ]);
  });

  it('serves the app as the app role, with the client build', async () => {
    expect(serverOutput).toContain(`Server listening at ${origin}`);
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      database: 'ok',
      ...(redis ? { redis: 'ok', rateLimits: 'redis' } : {}),
    });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const categories = await fetch(`${origin}/api/categories`);
    expect(categories.status).toBe(200);
    expect(Array.isArray(await categories.json())).toBe(true);
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // The page arrives drawn by the client's components (the image runs the SSR build).
    const drawn = await (await fetch(`${origin}/categories`)).text();
    expect(drawn).toMatch(/<div id="root"><!--\$--><div /);
    expect(drawn).toContain('<script id="page-data" type="application/json">');
    const owners = await asAdmin(
      (client) =>
        client.query<{ owner: string }>(
          `SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE schemaname = 'public'`,
        ),
      names.database,
    );
    expect(owners.rows).toEqual([{ owner: names.owner }]);
  });

  it('ships React to the browser, and no other renderer in its place', () => {
    const assets = path.join(tree.app, 'dist', 'client', 'assets');
    const scripts = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(path.join(assets, name), 'utf8'));
    const all = scripts.join('\n');
    // React 19's element type and its DOM renderer's hydration, as the component tests run them.
    expect(all).toContain('react.transitional.element');
    expect(all).toContain('hydrateRoot');
    // Preact's compat layer marks its elements and hooks with these; none may be in what ships.
    for (const mark of ['__PREACT_DEVTOOLS__', 'preact', '__preactattr_']) {
      expect(all.toLowerCase(), mark).not.toContain(mark.toLowerCase());
    }
  });

  it("passes the image's health check", async () => {
    const check = await run(withThisNode(healthcheck(tree.stage).command), {
      cwd: tree.app,
      env: { PATH: `${NODE_DIR}:/usr/bin:/bin`, PORT: String(port) },
      user,
    });
    expect(check.code, check.output).toBe(0);
  });

  it('on SIGTERM drains (503 on /readyz, pages still served), then stops with exit code 0, a live stream open, having written nothing', async () => {
    const live = await openSse(`${origin}/api/live`);
    expect(live.status).toBe(200);
    await live.next((message) => message.event === 'snapshot');
    const stoppedBy = Date.now() + 10_000;
    server!.kill('SIGTERM');
    // The signal is handled between two requests; asked until then, /readyz must turn 503.
    let readiness = 200;
    for (let tries = 0; tries < 50 && readiness === 200; tries++) {
      readiness = (await fetch(`${origin}/readyz`)).status;
    }
    expect(readiness).toBe(503);
    expect((await fetch(`${origin}/api/categories`)).status).toBe(200);
    const exit = await serverExit!;
    live.close();
    expect(Date.now()).toBeLessThan(stoppedBy);
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    const logged = exit.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg?: string });
    expect(logged.filter((entry) => entry.level >= 40)).toEqual([]);
    expect(logged.some((entry) => entry.msg === 'shutting down')).toBe(true);

    expect(treeChanges(filesAtStart, snapshotTree(tree.app))).toEqual([]);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
