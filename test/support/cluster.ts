import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { redisAnswers } from './redis-answers.js';
import { freePort } from './free-port.js';

/*
 * Several instances of the built app behind HAProxy, all on loopback: what `npm run cluster`
 * starts and what the cluster test drives. HAProxy's settings are deploy/haproxy.cfg's (round
 * robin, X-Forwarded-For, /readyz health checks, a backend of its own for the live streams) with
 * a short check interval, so a dead instance leaves the rotation within a second or so.
 */

const HAPROXY_CANDIDATES = ['/usr/sbin/haproxy', '/usr/bin/haproxy'];
/** How often HAProxy asks each instance's /readyz; two failures take it out. */
export const HEALTH_CHECK_INTERVAL_MS = 300;
/** How many times a restarted instance that exits while starting is started again. */
const RESTART_ATTEMPTS = 10;
const READY_TIMEOUT_MS = 60_000;

/** HAProxy's path, installed from Debian's package when the machine has none. */
export function ensureHaproxy(): string {
  const found = HAPROXY_CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy', {
    stdio: 'inherit',
  });
  const installed = HAPROXY_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!installed) throw new Error('haproxy is not installed and apt-get did not install it');
  return installed;
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * The server bundle, built first when it is missing or older than the sources, so the instances
 * never run code other than the checkout's. `echo` shows the build's output; otherwise it is kept
 * for the error a failed build throws.
 */
export function ensureBuilt(options: { root?: string; echo?: boolean } = {}): string {
  const root = options.root ?? process.cwd();
  const main = path.join(root, 'dist/server/main.js');
  const built = existsSync(path.join(root, 'dist/client/index.html')) ? newestMtime(main) : 0;
  const sources = Math.max(
    ...['src', 'public', 'migrations', 'vite.config.ts', 'package.json'].map((entry) =>
      newestMtime(path.join(root, entry)),
    ),
  );
  if (built && built >= sources) return main;
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: options.echo ? 'inherit' : 'pipe',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return main;
}

/** The HAProxy configuration for instances listening on `ports`, HAProxy itself on `port`. */
export function haproxyConfig(port: number, appPorts: number[]): string {
  const servers = appPorts
    .map((appPort, i) => `    server app${i + 1} 127.0.0.1:${appPort} check`)
    .join('\n');
  // The live and publish backends follow the app backend's checks rather than doubling them.
  const tracked = appPorts
    .map((appPort, i) => `    server app${i + 1} 127.0.0.1:${appPort} track app/app${i + 1}`)
    .join('\n');
  return [
    'defaults',
    '    mode http',
    '    option dontlognull',
    '    option forwardfor',
    '    timeout connect 2s',
    '    timeout http-request 10s',
    '    timeout http-keep-alive 10s',
    '    timeout queue 30s',
    '    timeout client 60s',
    '    timeout server 60s',
    '    retries 2',
    '    option redispatch',
    `    default-server inter ${HEALTH_CHECK_INTERVAL_MS}ms fall 2 rise 2`,
    '',
    'frontend web',
    `    bind 127.0.0.1:${port}`,
    '    http-request set-header X-Forwarded-Proto http',
    '    use_backend live if { path /api/live /api/admin/live }',
    '    use_backend publish if { path /api/admin/event/publish-results }',
    '    default_backend app',
    '',
    'backend app',
    '    balance roundrobin',
    '    option httpchk',
    '    http-check send meth GET uri /readyz',
    '    http-check expect status 200',
    servers,
    '',
    'backend live',
    '    balance roundrobin',
    '    timeout server 2m',
    tracked,
    '',
    // As deploy/haproxy.cfg: a large ledger takes minutes to publish.
    'backend publish',
    '    balance roundrobin',
    '    timeout server 10m',
    tracked,
    '',
  ].join('\n');
}

async function waitFor(what: string, check: () => Promise<boolean>, child?: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what} was not ready within ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A child process whose output is kept, to show when something goes wrong. */
export interface Managed {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

function launch(
  name: string,
  file: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; echo?: boolean },
): Managed {
  const child = spawn(file, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    // The tail is what explains a failure; a long run should not grow without bound.
    if (output.length > 200_000) output = output.slice(-100_000);
    if (options.echo) process.stderr.write(`[${name}] ${chunk.toString()}`);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.on('error', (error) => (output += `\n${String(error)}`));
  return { name, child, output: () => output, exited };
}

async function stopProcess(managed: Managed, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = managed;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await managed.exited;
  clearTimeout(killer);
}

export interface Proxy extends Managed {
  /** HAProxy's origin. */
  url: string;
  stop(): Promise<void>;
}

/**
 * HAProxy on `port` in front of servers on `serverPorts`, with the cluster's configuration
 * (written in `dir`), ready once every server has answered /readyz through it. Used by
 * startCluster and by the mixed-load bench, whose ceiling needs the same proxy hop.
 */
export async function startHaproxy(options: {
  port: number;
  serverPorts: number[];
  dir: string;
  echo?: boolean;
}): Promise<Proxy> {
  const configPath = path.join(options.dir, 'haproxy.cfg');
  writeFileSync(configPath, haproxyConfig(options.port, options.serverPorts));
  const haproxy = launch('haproxy', ensureHaproxy(), ['-f', configPath, '-db'], {
    echo: options.echo,
  });
  const url = `http://127.0.0.1:${options.port}`;
  try {
    // Ready once HAProxy has seen every server healthy: each answers through it in turn.
    await waitFor(
      'haproxy',
      async () => {
        for (let i = 0; i < options.serverPorts.length; i++) {
          if ((await fetch(`${url}/readyz`)).status !== 200) return false;
        }
        return true;
      },
      haproxy.child,
    );
  } catch (error) {
    await stopProcess(haproxy);
    throw new Error(`${(error as Error).message}\n--- haproxy ---\n${haproxy.output()}`, {
      cause: error,
    });
  }
  return { ...haproxy, url, stop: () => stopProcess(haproxy) };
}

export interface Instance extends Managed {
  port: number;
  url: string;
}

export interface ClusterOptions {
  instances?: number;
  /** PostgreSQL URL the instances share (required: the cluster never runs on PGlite). */
  databaseUrl: string;
  /** A Redis to share; unset: a redis-server of the cluster's own on a free port. */
  redisUrl?: string;
  /** Settings for every instance, over the cluster's defaults. */
  env?: Record<string, string>;
  /** Copy every process's output to stderr as it comes (the npm script), else keep it. */
  echo?: boolean;
}

export interface Cluster {
  /** HAProxy's origin: what a browser would use. */
  url: string;
  instances: Instance[];
  redisUrl: string;
  haproxy: Managed;
  /** Every process's output so far, for a failure's message. */
  logs(): string;
  /**
   * Stops instance `index` (SIGKILL: dead on the spot; SIGTERM: drained as in a deploy) and starts
   * it again on its port with its settings, resolving once it answers /readyz. `main`: start it
   * from another build's server bundle (a deploy), from then on.
   */
  restart(index: number, signal: 'SIGKILL' | 'SIGTERM', main?: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the instances, waits until each answers /readyz, then HAProxy in front of them. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  const main = ensureBuilt({ echo: options.echo });
  // Installed (when missing) before any instance starts, not while they wait.
  ensureHaproxy();
  const scratch = mkdtempSync(path.join(tmpdir(), 'palmares-cluster-'));
  const managed: Managed[] = [];
  const instances: Instance[] = [];
  let haproxy: Managed | undefined;

  const logs = () =>
    managed.map((m) => `--- ${m.name} ---\n${m.output()}`).join('\n') || '(no output)';
  const stop = async () => {
    // HAProxy first, so nothing new reaches an instance that is stopping.
    for (const m of [...managed].reverse()) await stopProcess(m);
    rmSync(scratch, { recursive: true, force: true });
  };

  try {
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redisPort = await freePort();
      const redis = launch(
        'redis',
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { echo: false },
      );
      managed.push(redis);
      redisUrl = `redis://127.0.0.1:${redisPort}`;
      const url = redisUrl;
      await waitFor('redis-server', () => redisAnswers(url), redis.child);
    }

    const proxyPort = await freePort();
    const url = `http://127.0.0.1:${proxyPort}`;
    const ports: number[] = [];
    while (ports.length < count) {
      const port = await freePort();
      if (port !== proxyPort && !ports.includes(port)) ports.push(port);
    }
    const envs: NodeJS.ProcessEnv[] = [];
    const mains = Array.from({ length: count }, () => main);
    const start = (i: number): Instance => {
      const instance = launch(
        `app${i + 1}`,
        process.execPath,
        ['--enable-source-maps', mains[i]!],
        {
          env: envs[i],
          echo: options.echo,
        },
      );
      managed.push(instance);
      return { ...instance, port: ports[i]!, url: `http://127.0.0.1:${ports[i]!}` };
    };
    const ready = (instance: Instance) =>
      waitFor(
        instance.name,
        async () => (await fetch(`${instance.url}/readyz`)).status === 200,
        instance.child,
      );
    for (const [i, port] of ports.entries()) {
      envs[i] = {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        TRUST_PROXY: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: path.join(scratch, `app${i + 1}`),
        PAYMENTS_SANDBOX: 'true',
        PHONE_HASH_KEY: 'local-cluster-phone-hash-key',
        ...options.env,
      };
      instances.push(start(i));
    }
    await Promise.all(instances.map(ready));
    const restart = async (index: number, signal: 'SIGKILL' | 'SIGTERM', next?: string) => {
      const old = instances[index]!;
      await stopProcess(old, signal);
      if (next) mains[index] = next;
      const at = managed.findIndex((m) => m.child === old.child);
      if (at >= 0) managed.splice(at, 1);
      // As the deployment's supervisor does (compose: `restart: unless-stopped`), an instance that
      // exits while starting (the database down at that moment, say) is started again.
      for (let attempt = 1; ; attempt++) {
        const fresh = start(index);
        instances[index] = fresh;
        try {
          await ready(fresh);
          return;
        } catch (error) {
          if (fresh.child.exitCode === null || attempt >= RESTART_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    };

    haproxy = await startHaproxy({
      port: proxyPort,
      serverPorts: ports,
      dir: scratch,
      echo: options.echo,
    });
    managed.push(haproxy);
    return { url, instances, redisUrl, haproxy, logs, restart, stop };
  } catch (error) {
    const output = logs();
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output}`, {
      cause: error,
    });
  }
}
