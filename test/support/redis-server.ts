import { Redis } from 'ioredis';

/** The development and CI machines run Redis here. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers. Under CI a missing server fails the run instead of skipping the Redis
 * variants, as with PostgreSQL.
 */
export async function redisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => undefined);
  let reachable: boolean;
  try {
    await probe.connect();
    reachable = (await probe.ping()) === 'PONG';
  } catch {
    reachable = false;
  } finally {
    probe.disconnect();
  }
  if (!reachable && process.env.CI) throw new Error(`CI=true but Redis at ${url} is not reachable`);
  return reachable;
}
