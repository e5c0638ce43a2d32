import { spawn, spawnSync } from 'node:child_process';
import { redisAnswers } from './redis-answers.js';
import { afterAll } from 'vitest';
import { freePort } from './free-port.js';

/** The development and CI machines run Redis here. */
const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The URL of a Redis of this test file's own: `redis-server` on a free loopback port, keeping
 * nothing on disk, stopped after the file. Files running side by side then never share a fan-out
 * channel or a rate-limit key. Without `redis-server` installed, the shared one at TEST_REDIS_URL;
 * null when none answers, and under CI a missing Redis fails the run instead, as with PostgreSQL.
 */
export async function testRedis(): Promise<string | null> {
  if (spawnSync('redis-server', ['--version']).status === 0) {
    const port = await freePort();
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const stop = () => void server.kill();
    afterAll(stop);
    process.once('exit', stop);
    const url = `redis://127.0.0.1:${port}`;
    for (let tries = 0; tries < 100; tries++) {
      if (await redisAnswers(url)) return url;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`redis-server on port ${port} did not answer`);
  }
  if (await redisAnswers(SHARED_REDIS_URL)) return SHARED_REDIS_URL;
  if (process.env.CI) throw new Error(`CI=true but Redis at ${SHARED_REDIS_URL} is not reachable`);
  return null;
}
