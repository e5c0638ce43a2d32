import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '#server/app.js';
import { loadConfig, type Config } from '#server/config.js';
import { CARD_LIMITS_OUT_OF_THE_WAY } from './card-limits.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * Services a test swaps for a local stand-in, handed to buildApp like any other option, and the
 * built client's folder for a test of what the server answers beside it.
 */
export type TestAppOptions = Pick<
  BuildAppOptions,
  'imageFetchPolicy' | 'signInDelay' | 'lookupCodeDelay' | 'clientDir' | 'drawPage'
>;

/** The real app on `database`, configured like production except where `env` says otherwise. */
export async function startTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    CATALOG_CACHE_MS: '0',
    RECONCILE_INTERVAL_SECONDS: '0',
    STRIPE_EVENTS_INTERVAL_SECONDS: '0',
    // Messages are written by settlements but not delivered unless a test asks (outbox tests do).
    OUTBOX_INTERVAL_MS: '0',
    PHONE_HASH_KEY: 'test-phone-hash-key',
    ...CARD_LIMITS_OUT_OF_THE_WAY,
    ...env,
  });
  const app = await buildApp({ ...options, config, database, logger: false });
  await app.ready();
  return app;
}

/**
 * The real app on `database` with `config` exactly as the test wrote it (none of the settings
 * above added), not yet ready, so the test may still register routes: for suites whose every
 * setting is part of what they test. It logs only to a `logStream` it is given.
 */
export function buildTestApp(
  database: TestDatabase,
  config: Config,
  options: TestAppOptions & Pick<BuildAppOptions, 'logStream'> = {},
): Promise<FastifyInstance> {
  return buildApp({ ...options, config, database, logger: options.logStream !== undefined });
}

/** The real app on a fresh database of its own, dropped on close. */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const app = await startTestApp(database, env, options);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
