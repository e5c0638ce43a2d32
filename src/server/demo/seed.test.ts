import { afterEach, beforeEach, expect, it } from 'vitest';
import { AppEvents } from '#server/events/app-events.js';
import { tallyMismatches } from '#test/support/payment-test-kit.js';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type DatabaseKind,
  type TestDatabase,
} from '#test/support/test-database.js';
import { demoArtists, demoCategories } from './demo-event.js';
import { seedDemoEvent } from './seed.js';

const hashPhone = (phone: string) => `hashed:${phone}`;

const seedInto = (database: TestDatabase, events = new AppEvents()) =>
  seedDemoEvent({ db: database.db, database, events, hashPhone });

const count = async (database: TestDatabase, table: string) =>
  (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describeEachDatabase('the demo seed', (kind: DatabaseKind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.destroy());

  it('fills an empty database once, through settle() so the tallies add up, and says what changed', async () => {
    const events = new AppEvents();
    const heard: string[] = [];
    events.on('catalog-changed', () => heard.push('catalog-changed'));
    events.on('event-changed', () => heard.push('event-changed'));

    const result = await seedInto(database, events);

    expect(result.created).toBe(true);
    expect(result.summary).toMatchObject({
      categories: demoCategories.length,
      artists: demoArtists.length,
      payments: 240,
    });
    expect(await count(database, 'nominations')).toBe(result.summary.nominations);
    expect(await count(database, "payments WHERE status = 'completed'")).toBeGreaterThan(0);
    expect(await tallyMismatches(database.db)).toEqual([]);
    expect(heard).toEqual(['catalog-changed', 'event-changed']);

    // A database that has categories is left as it is: safe on every start.
    expect(await seedInto(database)).toEqual({
      created: false,
      summary: { categories: 0, artists: 0, nominations: 0, payments: 0 },
    });
    expect(await count(database, 'payments')).toBe(240);
  });
});

describePostgres('the demo seed from two instances at once', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
  });
  afterEach(() => database.destroy());

  it('seeds once', async () => {
    const results = await Promise.all([seedInto(database), seedInto(database)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(await count(database, 'payments')).toBe(240);
  });
});
