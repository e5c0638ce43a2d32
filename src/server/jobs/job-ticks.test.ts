import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import { claimTick, oncePerTick } from './job-ticks.js';

describeEachDatabase('one run per tick across instances', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());

  /** As if the job last started `seconds` ago. */
  const startedAgo = (job: string, seconds: number) =>
    database.query(
      `UPDATE job_ticks SET last_started_at = now() - make_interval(secs => $2) WHERE job = $1`,
      [job, seconds],
    );

  it('lets one claim a tick, the next one only once most of an interval has passed', async () => {
    expect(await claimTick(database.db, 'reconcile', 60)).toBe(true);
    expect(await claimTick(database.db, 'reconcile', 60)).toBe(false);
    // Another job has ticks of its own.
    expect(await claimTick(database.db, 'integrity check', 60)).toBe(true);
    await startedAgo('reconcile', 50);
    expect(await claimTick(database.db, 'reconcile', 60)).toBe(false);
    // Timers drift: a tick a little early still counts.
    await startedAgo('reconcile', 55);
    expect(await claimTick(database.db, 'reconcile', 60)).toBe(true);
  });

  it('runs the job on the instance that claims the tick; the other reports skipped', async () => {
    let runs = 0;
    const job = { name: 'counted', intervalSeconds: 60, run: async () => void runs++ };
    const [first, second] = [oncePerTick(database.db, job), oncePerTick(database.db, job)];
    expect(await first.run()).toBeUndefined();
    expect(await second.run()).toBe('skipped');
    expect(runs).toBe(1);
    await startedAgo('counted', 60);
    expect(await second.run()).toBeUndefined();
    expect(runs).toBe(2);
  });

  it('gives a tick to exactly one of many claiming at once', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => claimTick(database.db, `crowded ${kind}`, 60)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
