import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../../../test/support/redis-server.js';
import { LoginThrottle, THROTTLE_POLICY } from './login-throttle.js';

const reachable = await redisAvailable();
const variants: Array<[string, () => LoginThrottle, boolean]> = [
  ['memory', () => LoginThrottle.inMemory(), true],
  ['redis', () => LoginThrottle.withRedis(TEST_REDIS_URL, pino({ level: 'silent' })), reachable],
];

describe.each(variants)('login throttle (%s)', (_name, create, available) => {
  let throttle: LoginThrottle;
  beforeAll(() => {
    throttle = create();
  });
  afterAll(() => throttle.close());

  it.skipIf(!available)('locks an e-mail after the limit and a success clears it', async () => {
    const keys = { email: `${randomUUID()}@example.com`, ip: `ip-${randomUUID()}` };
    expect(await throttle.retryAfterSeconds(keys)).toBe(0);
    const delays: number[] = [];
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerEmail; i++) {
      delays.push(await throttle.recordFailure(keys));
    }
    expect(delays[0]).toBe(THROTTLE_POLICY.delayStepMs);
    expect(delays.at(-1)).toBe(THROTTLE_POLICY.maxDelayMs);
    const wait = await throttle.retryAfterSeconds(keys);
    expect(wait).toBeGreaterThan(THROTTLE_POLICY.windowMs / 1000 - 5);
    expect(wait).toBeLessThanOrEqual(THROTTLE_POLICY.windowMs / 1000);
    await throttle.recordSuccess(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(0);
  });

  it.skipIf(!available)('locks an address spraying many accounts', async () => {
    const ip = `ip-${randomUUID()}`;
    for (let i = 0; i < THROTTLE_POLICY.maxFailuresPerIp; i++) {
      await throttle.recordFailure({ email: `${randomUUID()}@example.com`, ip });
    }
    expect(await throttle.retryAfterSeconds({ email: 'fresh@example.com', ip })).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds({ email: 'fresh@example.com', ip: 'other' })).toBe(0);
  });
});
