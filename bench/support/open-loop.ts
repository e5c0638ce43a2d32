import { Pool } from 'undici';
import type { MixRequest } from './mixed-traffic.js';
import { percentile } from './percentile.js';

export interface OpenLoopOptions {
  /** A loopback origin, http://127.0.0.1:<port>. */
  origin: string;
  /** Requests offered a second, at a steady pace whatever the answers do. */
  rate: number;
  seconds: number;
  /** At most this many open at once; the rest wait for a connection, and that wait is timed. */
  connections: number;
  /** An answer slower than this is counted as a timeout. */
  timeoutMs?: number;
  next: () => MixRequest;
  answered: (kind: MixRequest['kind'], status: number, body: string, latencyMs: number) => void;
}

export interface OpenLoopResult {
  requests: { total: number };
  /** Requests that got no answer: the connection failed or the answer came past the timeout. */
  errors: number;
  timeouts: number;
  /** How late this process sent requests against their schedule, p99 and worst, in ms. */
  sendLagP99Ms: number;
  sendLagMaxMs: number;
}

/**
 * Offers `rate` requests a second for `seconds`, each at its own moment of a fixed schedule, and
 * times each answer from that moment, not from when a connection was free: a slow answer delays no
 * request after it, and the time a request waits behind slow ones counts in its latency (an open
 * loop, as voters arriving on their own do; a closed loop waits for answers before asking again
 * and so hides that wait). How late this process itself was in sending is reported beside it.
 */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { hostname, protocol } = new URL(options.origin);
  if (protocol !== 'http:' || (hostname !== '127.0.0.1' && hostname !== '[::1]')) {
    throw new Error(`the open loop sends to loopback only, not ${options.origin}`);
  }
  // undici rather than node:http: this process shares the two cores with the app and PostgreSQL.
  const pool = new Pool(options.origin, { connections: options.connections });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const lags: number[] = [];
  const answers: Promise<void>[] = [];
  let errors = 0;
  let timeouts = 0;
  let sent = 0;

  const send = async (scheduled: number) => {
    const { kind, method, path, headers, body } = options.next();
    try {
      const response = await pool.request({
        method,
        path,
        headers,
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await response.body.text();
      options.answered(kind, response.statusCode, text, performance.now() - scheduled);
    } catch (error) {
      errors++;
      const code = (error as { code?: string }).code;
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') timeouts++;
    }
  };

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const scheduled = start + sent * interval;
        lags.push(now - scheduled);
        sent++;
        answers.push(send(scheduled));
      }
      if (sent === total) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(answers);
  await pool.close();
  lags.sort((a, b) => a - b);
  return {
    requests: { total },
    errors,
    timeouts,
    sendLagP99Ms: percentile(lags, 0.99),
    sendLagMaxMs: lags.at(-1) ?? 0,
  };
}
