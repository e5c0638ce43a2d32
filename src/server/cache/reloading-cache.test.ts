import { describe, expect, it } from 'vitest';
import { ReloadingCache } from './reloading-cache.js';

/** What node-postgres reports when the server stops answering. */
const away = () => new Error('Connection terminated unexpectedly');

/** A load whose next outcome the test decides. */
function source() {
  let next: () => Promise<number> = async () => 1;
  let loads = 0;
  return {
    load: () => {
      loads++;
      return next();
    },
    answer: (value: number) => (next = async () => value),
    fail: (error: Error) => (next = async () => Promise.reject(error)),
    get loads() {
      return loads;
    },
  };
}

describe('a reloading cache while the database is away', () => {
  it('answers the last value known, marked, then fresh values once a load succeeds', async () => {
    const db = source();
    const cache = new ReloadingCache(db.load, 0);
    expect(await cache.get()).toBe(1);
    expect(cache.staleSince).toBeUndefined();

    db.fail(away());
    const before = Date.now();
    expect(await cache.get()).toBe(1);
    expect(cache.staleSince).toBeGreaterThanOrEqual(before);
    // Answered at once from then on, one reload at a time trying the database.
    const loads = db.loads;
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    expect(db.loads - loads).toBe(1);

    db.answer(2);
    // The reload still under way fails; the next one, started by a read, succeeds.
    const seen: number[] = [];
    for (let read = 0; read < 3; read++) {
      seen.push(await cache.get());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(seen.at(-1)).toBe(2);
    expect(await cache.get()).toBe(2);
    expect(cache.staleSince).toBeUndefined();
  });

  it('answers the last value even after an invalidation', async () => {
    const db = source();
    const cache = new ReloadingCache(db.load, 60_000);
    db.answer(7);
    await cache.get();
    cache.invalidate();
    db.fail(away());
    expect(await cache.get()).toBe(7);
    expect(cache.staleSince).toBeDefined();
  });

  it('marks a value served stale in the background when its reload finds the database away', async () => {
    const db = source();
    const cache = new ReloadingCache(db.load, 1, { serveStale: true });
    await cache.get();
    await new Promise((resolve) => setTimeout(resolve, 2));
    db.fail(away());
    expect(await cache.get()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.staleSince).toBeDefined();
  });

  it('passes on any other failure, and a first failure with nothing to fall back on', async () => {
    const db = source();
    const cache = new ReloadingCache(db.load, 0);
    db.fail(away());
    await expect(cache.get()).rejects.toThrow('Connection terminated');
    db.answer(1);
    await cache.get();
    db.fail(new Error('column "x" does not exist'));
    await expect(cache.get()).rejects.toThrow('does not exist');
    expect(cache.staleSince).toBeUndefined();
  });
});
