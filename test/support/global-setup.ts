import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAvailable: boolean;
    /** Where each redis-server a suite starts leaves its pid until it is stopped. */
    redisPidDir: string;
  }
}

/** Under CI the PostgreSQL suite is required: no server means a failed run, not a skipped suite. */
export default async function setup(project: TestProject) {
  const available = await ensurePostgres();
  if (!available && process.env.CI) {
    throw new Error(
      'CI=true but PostgreSQL at 127.0.0.1:5432 is not reachable and could not be started',
    );
  }
  if (!available)
    console.warn('PostgreSQL not reachable: the PostgreSQL variants of suites are skipped');
  project.provide('postgresAvailable', available);

  const redisPidDir = mkdtempSync(path.join(tmpdir(), 'palmares-test-redis-'));
  project.provide('redisPidDir', redisPidDir);
  return async () => {
    await stopLeftRedisServers(redisPidDir);
    rmSync(redisPidDir, { recursive: true, force: true });
  };
}

/** Whether `pid` is a live redis-server (not another process that took its number since). */
function isRedisServer(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z' && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('redis-server');
  } catch {
    // No such process, or no /proc (macOS): only a process that answers is stopped.
    try {
      process.kill(pid, 0);
      return process.platform !== 'linux';
    } catch {
      return false;
    }
  }
}

/**
 * A suite stops its redis-server when it ends; one whose worker died, or whose stop never ran,
 * leaves its pid behind. The run stops those, so nothing it started outlives it.
 */
async function stopLeftRedisServers(dir: string): Promise<void> {
  const left = readdirSync(dir)
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && isRedisServer(pid));
  for (const pid of left) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (left.some(isRedisServer) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const pid of left.filter(isRedisServer)) process.kill(pid, 'SIGKILL');
}
