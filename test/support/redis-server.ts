import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { redisAnswers } from './redis-answers.js';
import { freePort } from './free-port.js';

/** The development and CI machines run Redis here. */
const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How long a stopped redis-server gets to exit on SIGTERM before it is killed outright. */
const STOP_GRACE_MS = 5_000;

export interface RedisServer {
  url: string;
  /** Resolves once the process has exited (and been reaped), so none outlives the suite. */
  stop: () => Promise<void>;
}

const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;

/**
 * A `redis-server` on a free loopback port, keeping nothing on disk. The caller stops it. Its pid
 * is also written where the global setup's teardown looks (test/support/global-setup.ts), which
 * stops whatever a worker that died or a hook that never ran left behind.
 */
export async function startRedisServer(options: { port?: number } = {}): Promise<RedisServer> {
  // A port given again is a restart: the clients of the stopped server find the new one there.
  const port = options.port ?? (await freePort());
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const registry = inject('redisPidDir') as string | undefined;
  const pidFile =
    registry && server.pid !== undefined ? path.join(registry, String(server.pid)) : undefined;
  if (pidFile) writeFileSync(pidFile, '');
  // A worker that exits normally without its hooks (a failed import) still takes its Redis along.
  const killOnExit = () => void server.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const killer = setTimeout(() => server.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(killer);
    }
    if (pidFile) rmSync(pidFile, { force: true });
  };

  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries++) {
    if (await redisAnswers(url)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error(`redis-server on port ${port} did not answer`);
}

/**
 * The URL of a Redis of this test file's own, stopped after the file: files running side by side
 * then never share a fan-out channel or a rate-limit key. Call it at the top of the file, where
 * Vitest takes its `afterAll`; inside a hook, use `startRedisServer` and stop it yourself. Without
 * `redis-server` installed, the shared one at TEST_REDIS_URL; null when none answers, and under CI
 * a missing Redis fails the run instead, as with PostgreSQL.
 */
export async function testRedis(): Promise<string | null> {
  if (hasRedisServer()) {
    const server = await startRedisServer();
    afterAll(server.stop);
    return server.url;
  }
  return sharedRedis();
}

/**
 * `startRedisServer` when `redis-server` is installed, else the shared Redis with nothing to stop
 * (or null, as `testRedis` says). For a Redis started inside a hook.
 */
export async function ownOrSharedRedis(): Promise<RedisServer | null> {
  if (hasRedisServer()) return startRedisServer();
  const url = await sharedRedis();
  return url ? { url, stop: async () => undefined } : null;
}

async function sharedRedis(): Promise<string | null> {
  if (await redisAnswers(SHARED_REDIS_URL)) return SHARED_REDIS_URL;
  if (process.env.CI) throw new Error(`CI=true but Redis at ${SHARED_REDIS_URL} is not reachable`);
  return null;
}
