import http from 'node:http';
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
  const { hostname, port, protocol } = new URL(options.origin);
  if (protocol !== 'http:' || (hostname !== '127.0.0.1' && hostname !== '[::1]')) {
    throw new Error(`the open loop sends to loopback only, not ${options.origin}`);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const lags: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let pending = 0;
  let sent = 0;
  let allSent: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (allSent = resolve));
  const settle = () => {
    pending--;
    if (pending === 0 && sent === total) allSent();
  };

  const send = (scheduled: number) => {
    const { kind, method, path, headers, body } = options.next();
    pending++;
    const request = http.request(
      { host: hostname.replace(/^\[|\]$/g, ''), port, method, path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          options.answered(
            kind,
            response.statusCode ?? 0,
            Buffer.concat(chunks).toString('utf8'),
            performance.now() - scheduled,
          );
          settle();
        });
        response.on('error', () => {
          errors++;
          settle();
        });
      },
    );
    request.setTimeout(timeoutMs, () => {
      timeouts++;
      request.destroy(new Error('timed out'));
    });
    request.on('error', () => {
      errors++;
      settle();
    });
    request.end(body);
  };

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const scheduled = start + sent * interval;
        lags.push(now - scheduled);
        sent++;
        send(scheduled);
      }
      if (sent === total) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  if (pending > 0) await finished;
  agent.destroy();
  lags.sort((a, b) => a - b);
  return {
    requests: { total },
    errors,
    timeouts,
    sendLagP99Ms: percentile(lags, 0.99),
    sendLagMaxMs: lags.at(-1) ?? 0,
  };
}
