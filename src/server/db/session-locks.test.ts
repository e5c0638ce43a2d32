import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeEachDatabase,
  describePostgres,
  type TestDatabase,
} from '#test/support/test-database.js';
import { openDatabase, type Database } from './client.js';
import { ADVISORY_LOCKS } from './advisory-locks.js';

const KEY = [ADVISORY_LOCKS.refund, 'session-locks-test'] as const;

/** A run that holds its lock until `release()`. */
function holding() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { release, work: () => done.then(() => 'done') };
}

describeEachDatabase('session locks in one process', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());

  it('refuses a second holder here at once, even one willing to wait, and frees the key after', async () => {
    const first = holding();
    const held = database.locks.run(KEY, first.work);
    const started = Date.now();
    expect(await database.locks.run(KEY, async () => 'second', { waitMs: 5000 })).toEqual({
      held: false,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    first.release();
    expect(await held).toEqual({ held: true, value: 'done' });
    expect(await database.locks.run(KEY, async () => 'again')).toEqual({
      held: true,
      value: 'again',
    });
  });

  it('frees the key when the work throws', async () => {
    await expect(
      database.locks.run(KEY, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await database.locks.run(KEY, async () => 1)).held).toBe(true);
  });
});

describePostgres('session locks across instances', () => {
  let scratch: TestDatabase;
  let other: Database;
  beforeAll(async () => {
    scratch = await createTestDatabase('postgres', { poolSize: 2 });
    // Its lock connection is cut too in the last test: expected.
    other = await openDatabase({
      kind: 'postgres',
      url: scratch.url!,
      onIdleError: () => undefined,
    });
  });
  afterAll(async () => {
    await other?.close();
    await scratch?.destroy();
  });

  it('keeps another instance out, or waits for it when asked to', async () => {
    const first = holding();
    const held = scratch.locks.run(KEY, first.work);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await other.locks.run(KEY, async () => 'other')).held).toBe(false);
    const waiting = other.locks.run(KEY, async () => 'waited', { waitMs: 5000 });
    setTimeout(first.release, 300);
    expect(await waiting).toEqual({ held: true, value: 'waited' });
    expect((await held).held).toBe(true);
  });

  it('holds twenty locks without taking a pooled connection, on one connection of its own', async () => {
    const runs = Array.from({ length: 20 }, (_, i) => ({ i, ...holding() }));
    const held = runs.map(({ i, work }) =>
      scratch.locks.run([ADVISORY_LOCKS.refund, `many-${i}`], work),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The pool (2 connections) is free for other work meanwhile.
    await Promise.all([scratch.query('SELECT 1'), scratch.query('SELECT 1')]);
    expect(scratch.poolStats()).toMatchObject({ waiting: 0 });
    const [advisory] = await scratch.query<{ holders: number }>(
      `SELECT count(DISTINCT pid)::int AS holders FROM pg_locks
        WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(advisory?.holders).toBe(1);
    for (const run of runs) run.release();
    expect((await Promise.all(held)).every((run) => run.held)).toBe(true);
  });

  it('opens a new lock connection when the old one is lost, and reports the loss', async () => {
    const lost: Error[] = [];
    const instance = await openDatabase({
      kind: 'postgres',
      url: scratch.url!,
      onIdleError: (error) => lost.push(error),
    });
    try {
      // Cut while a run holds its lock: the run goes on, and the lock went with the connection.
      const cut = await instance.locks.run(ADVISORY_LOCKS.integrity, async () => {
        const [holder] = await scratch.query<{ pid: number }>(
          `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1`,
          [ADVISORY_LOCKS.integrity],
        );
        await scratch.query('SELECT pg_terminate_backend($1)', [holder!.pid]);
        return 'finished';
      });
      expect(cut).toEqual({ held: true, value: 'finished' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lost.length).toBeGreaterThan(0);
      expect(await instance.locks.run(ADVISORY_LOCKS.integrity, async () => 2)).toEqual({
        held: true,
        value: 2,
      });
    } finally {
      await instance.close();
    }
  });
});
