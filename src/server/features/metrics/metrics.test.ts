import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '#server/payments/settle.js';
import { createCompletedPayment, createPendingPayment } from '#test/factories/payment-factory.js';
import { call } from '#test/support/call-app.js';
import { nomineeWith, split } from '#test/support/payment-test-kit.js';
import { parsePrometheusText, type Exposition } from '#test/support/prometheus-text.js';
import { testRedis } from '#test/support/redis-server.js';
import { openSse } from '#test/support/sse-client.js';
import { createTestApp, startTestApp, type TestApp } from '#test/support/test-app.js';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { UNMATCHED_ROUTE } from './app-metrics.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const BEARER = { authorization: `Bearer ${TOKEN}` };
const METRICS_ON = { METRICS_TOKEN: TOKEN };

/** Every family the brief for GET /metrics names, as Prometheus declares it. */
const FAMILIES = {
  palmares_http_requests_total: 'counter',
  palmares_http_request_duration_seconds: 'histogram',
  palmares_payments: 'gauge',
  palmares_payment_settlements_total: 'counter',
  palmares_payment_settlement_lag_seconds: 'histogram',
  palmares_live_streams: 'gauge',
  palmares_job_runs_total: 'counter',
  palmares_job_duration_seconds: 'histogram',
  nodejs_eventloop_lag_seconds: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
};
const POOL_FAMILIES = [
  'palmares_db_pool_connections_max',
  'palmares_db_pool_connections_in_use',
  'palmares_db_pool_connections_idle',
  'palmares_db_pool_waiting_requests',
];

async function scrape(app: FastifyInstance): Promise<Exposition> {
  const answer = await call<string>(app, { url: '/metrics', headers: BEARER });
  expect(answer.status, answer.bytes.toString()).toBe(200);
  return parsePrometheusText(answer.bytes.toString('utf8'));
}

/** A completed campay payment for `votes` votes, announced on the app's events as settle() does. */
async function settleOne(t: TestApp, votes = 2) {
  const nominee = await nomineeWith(t.database.db, 1);
  return createCompletedPayment(t.database.db, {
    votes: split(nominee, [votes]),
    events: t.app.ctx.events,
  });
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'palmares-client-'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Palmarès</title>');
    database = await createTestDatabase('pglite');
    app = await startTestApp(database, {}, { clientDir });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('is off: 404 whatever the caller sends, and no metrics are kept', async () => {
    expect(app.ctx.metrics).toBeUndefined();
    for (const headers of [{}, BEARER]) {
      const answer = await call(app, { url: '/metrics', headers });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toEqual({ message: 'Metrics are off (METRICS_TOKEN is not set)' });
    }
  });

  it("is never the client's page, on or below its path", async () => {
    expect((await call(app, { url: '/anything' })).headers['content-type']).toMatch(/text\/html/);
    for (const url of ['/metrics/', '/metrics/extra', '/metrics/x/y?z=1']) {
      const answer = await call(app, { url, headers: { accept: 'text/html' } });
      expect(answer.status, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describeEachDatabase('GET /metrics', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The integrity check runs every second, so the job metrics have runs to show.
    t = await createTestApp(kind, { ...METRICS_ON, INTEGRITY_CHECK_INTERVAL_SECONDS: '1' });
  });
  afterAll(() => t?.close());

  it('refuses a missing or wrong token with 401, saying how to send it', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(1)}` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN} extra` },
    ];
    for (const headers of refusals) {
      const answer = await call(t.app, { url: '/metrics', headers });
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body).toEqual({
        message: 'Send METRICS_TOKEN as Authorization: Bearer <token>',
      });
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it("answers Prometheus' text format with every family, on the token in any case of Bearer", async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer  ${TOKEN}`, `BEARER ${TOKEN} `]) {
      const answer = await call<string>(t.app, { url: '/metrics', headers: { authorization } });
      expect(answer.status, authorization).toBe(200);
      expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      const exposition = parsePrometheusText(answer.bytes.toString('utf8'));
      for (const [family, type] of Object.entries(FAMILIES)) {
        expect(exposition.types.get(family), family).toBe(type);
      }
    }
  });

  it('counts a request under its route pattern, never its URL, and a miss under one label', async () => {
    const id = randomUUID();
    const missing = `/no-such-page-${randomUUID()}`;
    expect((await call(t.app, { url: `/api/payment/${id}/status` })).status).toBe(404);
    expect((await call(t.app, { url: missing })).status).toBe(404);
    const answer = await call<string>(t.app, { url: '/metrics', headers: BEARER });
    const text = answer.bytes.toString('utf8');
    expect(text).not.toContain(id);
    expect(text).not.toContain(missing);
    const exposition = parsePrometheusText(text);
    const route = '/api/payment/:id/status';
    expect(
      exposition.value('palmares_http_requests_total', {
        method: 'GET',
        route,
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      exposition.value('palmares_http_request_duration_seconds_count', { method: 'GET', route }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      exposition.value('palmares_http_requests_total', {
        method: 'GET',
        route: UNMATCHED_ROUTE,
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      exposition.value('palmares_http_request_duration_seconds_bucket', {
        method: 'GET',
        route,
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts a settlement, its lag, and the payments in each state', async () => {
    const before = await scrape(t.app);
    const labels = { provider: 'campay', outcome: 'completed' };
    const settledBefore = before.value('palmares_payment_settlements_total', labels) ?? 0;
    const completedBefore =
      before.value('palmares_payments', { provider: 'campay', status: 'completed' }) ?? 0;
    const lagBefore =
      before.value('palmares_payment_settlement_lag_seconds_count', { provider: 'campay' }) ?? 0;

    await settleOne(t);
    const nominee = await nomineeWith(t.database.db, 1);
    const failing = await createPendingPayment(t.database.db, { votes: split(nominee, [1]) });
    await settle(t.app.ctx, failing.id, { status: 'failed', reason: 'declined' }, 'seed');

    const after = await scrape(t.app);
    expect(after.value('palmares_payment_settlements_total', labels)).toBe(settledBefore + 1);
    expect(
      after.value('palmares_payment_settlements_total', { provider: 'campay', outcome: 'failed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.value('palmares_payments', { provider: 'campay', status: 'completed' })).toBe(
      completedBefore + 1,
    );
    expect(
      after.value('palmares_payment_settlement_lag_seconds_count', { provider: 'campay' }),
    ).toBe(lagBefore + 1);
    // Created and completed within the test: well inside the first bucket.
    expect(
      after.value('palmares_payment_settlement_lag_seconds_bucket', {
        provider: 'campay',
        le: '1',
      }),
    ).toBe(lagBefore + 1);
  });

  it('counts the periodic jobs by name and outcome, with their durations', async () => {
    const deadline = Date.now() + 5000;
    let runs: number | undefined;
    while (Date.now() < deadline) {
      runs = (await scrape(t.app)).value('palmares_job_runs_total', {
        job: 'integrity check',
        outcome: 'ok',
      });
      if (runs) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(runs).toBeGreaterThanOrEqual(1);
    const exposition = await scrape(t.app);
    expect(
      exposition.value('palmares_job_duration_seconds_count', { job: 'integrity check' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it(`${kind === 'postgres' ? 'reports' : 'leaves out'} the database pool`, async () => {
    const exposition = await scrape(t.app);
    for (const family of POOL_FAMILIES) {
      expect(exposition.types.get(family), family).toBe(kind === 'postgres' ? 'gauge' : undefined);
    }
    if (kind !== 'postgres') return;
    expect(exposition.value('palmares_db_pool_connections_max')).toBe(10);
    const inUse = exposition.value('palmares_db_pool_connections_in_use')!;
    const idle = exposition.value('palmares_db_pool_connections_idle')!;
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(inUse + idle).toBeLessThanOrEqual(10);
    expect(exposition.value('palmares_db_pool_waiting_requests')).toBe(0);
  });

  it('counts the live streams open on this instance', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openSse(`${base}/api/live`);
    try {
      await stream.next((m) => m.event === 'snapshot');
      const exposition = await scrape(t.app);
      expect(exposition.value('palmares_live_streams', { audience: 'public' })).toBe(1);
      expect(exposition.value('palmares_live_streams', { audience: 'admin' })).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('never fails on an odd Authorization header', async () => {
    const headerText = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 300 }),
      fc.string({ maxLength: 100 }).map((rest) => `Bearer ${rest}`),
      fc.constantFrom(
        'Bearer',
        'Bearer ',
        `Bearer\t${TOKEN}`,
        `Bearer ${TOKEN}\u0000`,
        `Bearer ${TOKEN},Bearer ${TOKEN}`,
        `Bearer ${'A'.repeat(8000)}`,
        `Bearer ${TOKEN.toUpperCase()}`,
        'Bearer é',
        'Bearer \u00ff\u00fe',
      ),
    );
    await fc.assert(
      fc.asyncProperty(headerText, async (authorization) => {
        const answer = await call(t.app, { url: '/metrics', headers: { authorization } }).catch(
          // A value Node refuses to put in a request never reaches the app.
          (error: { code?: string }) => {
            if (error.code === 'ERR_INVALID_CHAR') return undefined;
            throw error;
          },
        );
        if (answer) expect(answer.status, JSON.stringify(authorization)).toBe(401);
      }),
      { numRuns: 200 },
    );
  });
});

describePostgres('GET /metrics while the database is slow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', METRICS_ON);
  });
  afterAll(() => t?.close());

  it('answers within its bound without the payments, and with them once the database answers', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.withConnection(async (_db, query) => {
      await query('BEGIN');
      await query('LOCK TABLE payment_hourly_stats IN ACCESS EXCLUSIVE MODE');
      locked();
      await held;
      await query('ROLLBACK');
    });
    try {
      await isLocked;
      const started = Date.now();
      const exposition = await scrape(t.app);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(exposition.types.get('palmares_payments')).toBe('gauge');
      expect(exposition.samples.filter((s) => s.name === 'palmares_payments')).toEqual([]);
      expect(exposition.types.get('palmares_http_requests_total')).toBe('counter');
    } finally {
      release();
      await holder;
    }
    await settleOne(t);
    const exposition = await scrape(t.app);
    expect(
      exposition.value('palmares_payments', { provider: 'campay', status: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
  });
});

const REDIS_URL = await testRedis();

describe.skipIf(!REDIS_URL)('settlement metrics on two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { ...METRICS_ON, REDIS_URL: REDIS_URL! };
    a = await createTestApp('pglite', env);
    b = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts a settlement on the instance that made it only', async () => {
    const labels = { provider: 'campay', outcome: 'completed' };
    const heardOnB = new Promise<void>((resolve) =>
      b.app.ctx.events.once('payment-settled', () => resolve()),
    );
    await settleOne(a);
    await heardOnB;
    expect((await scrape(a.app)).value('palmares_payment_settlements_total', labels)).toBe(1);
    expect((await scrape(b.app)).value('palmares_payment_settlements_total', labels)).toBe(
      undefined,
    );
  });
});
