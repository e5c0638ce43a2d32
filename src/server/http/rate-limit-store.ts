import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from '#server/redis/redis-link.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Same key layout as @fastify/rate-limit's own Redis store, so counts survive switching stores. */
const KEY_PREFIX = 'fastify-rate-limit-';
/** Keys one route may track in process (as the plugin's own in-memory store). */
const MAX_LOCAL_KEYS = 5000;

/**
 * A rate-limit store that counts in Redis while Redis answers and in process otherwise, so an
 * outage neither stalls requests nor turns the limits off. Every limit built on the plugin (route
 * options or `createRateLimit`) gets its own child of this store, and so the same fallback.
 *
 * A request counts once in process as in Redis, so a limit allows as many requests during an
 * outage as outside it. The counts in Redis cannot be read while it is away, so an address that
 * had used its window there starts afresh in process: across a fallback it may get up to two
 * windows' worth, once.
 */
export function redisOrLocalStore(link: RedisLink): FastifyRateLimitStoreCtor {
  return class RootStore extends RedisOrLocalStore {
    constructor() {
      super(link, KEY_PREFIX);
    }
  };
}

class RedisOrLocalStore implements FastifyRateLimitStore {
  private readonly local = new LocalCounters();

  constructor(
    private readonly link: RedisLink,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    if (!this.link.available) {
      callback(null, this.local.incr(key, timeWindow));
      return;
    }
    const redisKey = this.prefix + key;
    this.link.client
      .multi()
      .set(redisKey, 0, 'PX', timeWindow, 'NX')
      .incr(redisKey)
      .pttl(redisKey)
      .exec()
      .then((results) => {
        const current = results?.[1]?.[1];
        const ttl = results?.[2]?.[1];
        if (typeof current !== 'number' || typeof ttl !== 'number') {
          throw new Error('Redis rate-limit transaction returned no count');
        }
        callback(null, { current, ttl: ttl > 0 ? ttl : timeWindow });
      })
      .catch((err: unknown) => {
        this.link.reportFailure(err);
        callback(null, this.local.incr(key, timeWindow));
      });
  }

  read(key: string, callback: Callback): void {
    if (!this.link.available) {
      callback(null, this.local.read(key));
      return;
    }
    const redisKey = this.prefix + key;
    Promise.all([this.link.client.get(redisKey), this.link.client.pttl(redisKey)])
      .then(([count, ttl]) =>
        callback(null, { current: Number(count ?? 0), ttl: Math.max(0, ttl) }),
      )
      .catch((err: unknown) => {
        this.link.reportFailure(err);
        callback(null, this.local.read(key));
      });
  }

  /** The plugin asks for one child per route, with that route's method and URL in `routeInfo`. */
  child(options: object): RedisOrLocalStore {
    const info =
      'routeInfo' in options && typeof options.routeInfo === 'object' && options.routeInfo
        ? options.routeInfo
        : {};
    const method = 'method' in info ? String(info.method) : '';
    const url = 'url' in info ? String(info.url) : '';
    return new RedisOrLocalStore(this.link, `${this.prefix}${method}${url}-`);
  }
}

/** Fixed-window counters in process, bounded like the plugin's own store. */
class LocalCounters {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.entries.size >= MAX_LOCAL_KEYS) this.evict(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count++;
    return { current: entry.count, ttl: entry.resetAt - now };
  }

  read(key: string): { current: number; ttl: number } {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) return { current: 0, ttl: 0 };
    return { current: entry.count, ttl: entry.resetAt - now };
  }

  /** Drops expired windows, or else the oldest key (Maps keep insertion order). */
  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    if (this.entries.size >= MAX_LOCAL_KEYS) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
