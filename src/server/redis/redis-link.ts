import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { withTimeLimit } from '#server/time/time-limit.js';
import { OutageLog } from './outage-log.js';

export type RedisState = 'ok' | 'unreachable';

/** Redis answers in well under a millisecond when healthy; past this it counts as down. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1000;
/** While Redis is down, how often it is asked whether it is back. */
const PROBE_INTERVAL_MS = 1000;
/** A connection that stays open but never answers (a frozen host) is replaced after this many probes. */
const PROBES_BEFORE_RECONNECT = 3;

/**
 * The app's Redis connection for shared counters, and the one place that knows whether Redis is
 * usable right now. While it is not, callers use their in-process fallback at once instead of
 * waiting on Redis (see docs/decisions/0039): commands fail immediately while disconnected (no
 * offline queue) and give up after REDIS_COMMAND_TIMEOUT_MS on a connection that stopped
 * answering. A probe notices when Redis is back.
 */
export class RedisLink {
  readonly client: Redis;
  private up = false;
  private failedProbes = 0;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly outage: OutageLog;

  constructor(url: string, log: FastifyBaseLogger) {
    this.outage = new OutageLog(log, {
      down: 'Redis unreachable: rate limits and sign-in throttling use in-process counters until it answers',
      up: 'Redis reachable again: rate limits and sign-in throttling are shared through Redis',
    });
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.client.on('ready', () => this.markUp());
    this.client.on('error', (err: unknown) => this.reportFailure(err));
    this.client.on('close', () => {
      if (!this.closed) this.reportFailure(new Error('Redis connection closed'));
    });
  }

  /** Waits (at most CONNECT_TIMEOUT_MS) for the first connection, so the first requests share counts. */
  async connected(): Promise<void> {
    if (this.up) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
      this.client.once('ready', done);
    });
  }

  get state(): RedisState {
    return this.up ? 'ok' : 'unreachable';
  }

  /** Whether to try Redis at all; false sends callers straight to their fallback. */
  get available(): boolean {
    return this.up;
  }

  /** A command failed or timed out: Redis is treated as down until a probe gets an answer. */
  reportFailure(err: unknown): void {
    if (this.closed) return;
    this.up = false;
    this.outage.failed(err);
    this.startProbing();
  }

  /** Asks Redis now (health checks); never takes longer than REDIS_COMMAND_TIMEOUT_MS. */
  async check(): Promise<RedisState> {
    try {
      await withinRedisTimeout(this.client.ping());
      this.markUp();
    } catch (err) {
      this.reportFailure(err);
    }
    return this.state;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probeTimer);
    await closeRedisClient(this.client);
  }

  private markUp(): void {
    this.up = true;
    this.failedProbes = 0;
    clearInterval(this.probeTimer);
    this.probeTimer = undefined;
    this.outage.recovered();
  }

  private startProbing(): void {
    if (this.probeTimer) return;
    this.probeTimer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    // While disconnected the client reconnects by itself and 'ready' ends the outage.
    if (this.client.status !== 'ready') return;
    try {
      await this.client.ping();
      this.markUp();
    } catch {
      if (++this.failedProbes >= PROBES_BEFORE_RECONNECT) {
        this.failedProbes = 0;
        this.client.disconnect(true);
      }
    }
  }
}

/** Says goodbye politely when Redis answers, and simply drops the connection when it does not. */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await withinRedisTimeout(client.quit());
      return;
    } catch {
      // Not answering: disconnect below.
    }
  }
  client.disconnect();
}

/** Rejects when `promise` takes longer than REDIS_COMMAND_TIMEOUT_MS (for clients we do not own). */
export function withinRedisTimeout<T>(promise: Promise<T>): Promise<T> {
  return withTimeLimit(
    promise,
    REDIS_COMMAND_TIMEOUT_MS,
    `Redis did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`,
  );
}
