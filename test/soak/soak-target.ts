import type { FastifyInstance } from 'fastify';
import { call, type AppRequest } from '#test/support/call-app.js';

export interface SoakAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

/**
 * Where the soak's requests go: the app's HTTP API, whether as instances in this process or as
 * processes behind HAProxy. A request that gets no answer at all (a killed instance, a cut
 * connection) answers status 0, as a browser's failed fetch does.
 */
export interface SoakTarget {
  send(request: AppRequest): Promise<SoakAnswer>;
}

/** Instances built in this process, taken in turn as a load balancer would. */
export function inProcessTarget(apps: FastifyInstance[]): SoakTarget {
  let turn = 0;
  return {
    async send(request) {
      const app = apps[turn++ % apps.length]!;
      try {
        const answer = await call(app, request);
        return { status: answer.status, body: objectOrNull(answer.body) };
      } catch {
        return { status: 0, body: null };
      }
    },
  };
}

/** The app behind `origin` (HAProxy's), over loopback HTTP. */
export function httpTarget(origin: string, timeoutMs = 30_000): SoakTarget {
  return {
    async send(request) {
      const headers: Record<string, string> = { ...request.headers };
      let body: string | undefined;
      const payload = request.json ?? request.body;
      if (payload !== undefined) {
        body = typeof payload === 'string' ? payload : JSON.stringify(payload);
        headers['content-type'] ??= 'application/json';
      }
      try {
        const res = await fetch(new URL(request.url, origin), {
          method: request.method ?? 'GET',
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        return { status: res.status, body: objectOrNull(parsed) };
      } catch {
        return { status: 0, body: null };
      }
    },
  };
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}
