import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { FakeCampay } from '#test/fakes/fake-campay.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { startTestApp } from './test-app.js';

/** Campay's client timeout in these tests: short, so an outage costs the suite little. */
export const CAMPAY_TIMEOUT_MS = 300;

/**
 * The real app against the Campay fake, on a database that outlives it (so it can "restart").
 * Payments are old enough to reconcile at once, due again right after a check, and never held
 * back by the payment or per-phone limits.
 */
export const startInstance = (
  database: TestDatabase,
  campay: FakeCampay,
  env: Record<string, string> = {},
): Promise<FastifyInstance> =>
  startTestApp(database, {
    PAYMENT_POLL_INTERVAL_MS: '0',
    CAMPAY_TIMEOUT_MS: String(CAMPAY_TIMEOUT_MS),
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000',
    RATE_LIMIT_PROMPTS_PER_PHONE_PER_HOUR: '10000',
    ...campay.env,
    ...env,
  });

/** How many times the app asked Campay about one transaction. */
export const statusChecks = (campay: FakeCampay, reference: string) =>
  campay.requests.filter((r) => r.method === 'GET' && r.path === `/api/transaction/${reference}/`)
    .length;

export interface TwoInstances {
  campay: FakeCampay;
  database: TestDatabase;
  first: FastifyInstance;
  second: FastifyInstance;
}

/**
 * Two instances of the app on one PostgreSQL database and one Campay fake, for the describe block
 * it is called in: started before its tests, stopped after them. `env` goes to both.
 */
export function useTwoInstances(
  options: { env?: Record<string, string>; setUp?: (campay: FakeCampay) => void } = {},
): TwoInstances {
  const cluster = {} as TwoInstances;
  beforeAll(async () => {
    cluster.campay = await new FakeCampay().start();
    options.setUp?.(cluster.campay);
    cluster.database = await createTestDatabase('postgres', { poolSize: 10 });
    cluster.first = await startInstance(cluster.database, cluster.campay, options.env);
    cluster.second = await startInstance(cluster.database, cluster.campay, options.env);
  });
  afterAll(async () => {
    await cluster.first.close();
    await cluster.second.close();
    await cluster.database.destroy();
    await cluster.campay.stop();
  });
  return cluster;
}
