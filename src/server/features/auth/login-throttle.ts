import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Failed sign-ins are counted per e-mail (guessing one account's password) and per client IP
 * (trying many accounts), in fixed windows. Past a limit, sign-in answers 429 until the window
 * ends, even with the right password. Counters live in Redis with REDIS_URL, so every instance
 * sees the same count; in memory otherwise.
 */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 30,
  /** Each failure answers a little later, up to this much: cheap for people, costly for scripts. */
  maxDelayMs: 1000,
  delayStepMs: 200,
} as const;

export interface ThrottleKeys {
  email: string;
  ip: string;
}

interface Counter {
  /** Failures in the current window and the milliseconds until it ends. */
  get(key: string): Promise<{ count: number; ttlMs: number }>;
  increment(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

class MemoryCounter implements Counter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  async get(key: string) {
    const entry = this.entries.get(key);
    const now = Date.now();
    if (!entry || entry.resetAt <= now) return { count: 0, ttlMs: 0 };
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  async increment(key: string, windowMs: number) {
    const now = Date.now();
    if (this.entries.size > 50_000) this.prune(now);
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      this.entries.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    entry.count++;
    return entry.count;
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  async close() {
    this.entries.clear();
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

class RedisCounter implements Counter {
  constructor(private readonly redis: Redis) {}

  async get(key: string) {
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    return { count: Number(count ?? 0), ttlMs: Math.max(0, ttl) };
  }

  async increment(key: string, windowMs: number) {
    const results = await this.redis.multi().set(key, 0, 'PX', windowMs, 'NX').incr(key).exec();
    return Number(results?.[1]?.[1] ?? 1);
  }

  async reset(key: string) {
    await this.redis.del(key);
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

const keyOf = (kind: 'email' | 'ip', value: string) =>
  `palmares:login-failures:${kind}:${createHash('sha256').update(value).digest('base64url')}`;

export class LoginThrottle {
  private constructor(private readonly counter: Counter) {}

  static inMemory(): LoginThrottle {
    return new LoginThrottle(new MemoryCounter());
  }

  static withRedis(url: string, log: FastifyBaseLogger): LoginThrottle {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on('error', (err: unknown) => log.warn({ err }, 'redis (login throttle) error'));
    return new LoginThrottle(new RedisCounter(redis));
  }

  /** Seconds until sign-in may be tried again for these keys, or 0 when it may now. */
  async retryAfterSeconds(keys: ThrottleKeys): Promise<number> {
    const [email, ip] = await Promise.all([
      this.counter.get(keyOf('email', keys.email)),
      this.counter.get(keyOf('ip', keys.ip)),
    ]);
    let waitMs = 0;
    if (email.count >= THROTTLE_POLICY.maxFailuresPerEmail) waitMs = email.ttlMs;
    if (ip.count >= THROTTLE_POLICY.maxFailuresPerIp) waitMs = Math.max(waitMs, ip.ttlMs);
    return Math.ceil(waitMs / 1000);
  }

  /** Records a failure; returns how long to hold the answer back. */
  async recordFailure(keys: ThrottleKeys): Promise<number> {
    const [emailFailures] = await Promise.all([
      this.counter.increment(keyOf('email', keys.email), THROTTLE_POLICY.windowMs),
      this.counter.increment(keyOf('ip', keys.ip), THROTTLE_POLICY.windowMs),
    ]);
    return Math.min(THROTTLE_POLICY.maxDelayMs, emailFailures * THROTTLE_POLICY.delayStepMs);
  }

  /** A successful sign-in clears the account's count (the IP's stays: it may be spraying). */
  async recordSuccess(keys: ThrottleKeys): Promise<void> {
    await this.counter.reset(keyOf('email', keys.email));
  }

  close(): Promise<void> {
    return this.counter.close();
  }
}
