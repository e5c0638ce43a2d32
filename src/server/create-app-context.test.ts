import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from './app-context.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { createAppContext } from './create-app-context.js';

describe('createAppContext', () => {
  let database: Database;
  beforeAll(async () => {
    // A pool connects on its first query, and building the services runs none.
    database = await openDatabase({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/postgres' });
  });
  afterAll(() => database.close());

  it('gives each app services of its own, even on one database in one process', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PHONE_HASH_KEY: 'test-phone-hash-key',
      METRICS_TOKEN: 'test-metrics-token',
    });
    const log = pino({ level: 'silent' });
    const first = createAppContext({ config, database, log });
    const second = createAppContext({ config, database, log });
    const services: (keyof AppContext)[] = [
      'events',
      'providers',
      'settlement',
      'hashPhone',
      'catalog',
      'translation',
      'auth',
      'images',
      'metrics',
      'routeAccess',
    ];
    for (const service of services) {
      expect({ service, shared: first[service] === second[service] }).toEqual({
        service,
        shared: false,
      });
    }
    expect(first.metrics).toBeDefined();
    // Built from the same key, the two hashers still agree.
    expect(first.hashPhone('237677000111')).toBe(second.hashPhone('237677000111'));
    first.providers.close();
    second.providers.close();
  });
});
