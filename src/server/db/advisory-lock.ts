import type { Database } from './client.js';

/** One of ADVISORY_LOCKS, or one with a second key (a payment id) for a lock per thing. */
export type AdvisoryLockKey = number | readonly [number, string];

export type LockedRun<T> = { held: true; value: T } | { held: false };

const RETRY_MS = 100;

/**
 * Runs `run` while this process holds a session advisory lock, released however `run` ends. The
 * lock lives on a connection of its own for the whole run, so `run` may commit as many
 * transactions as it likes while other instances stay out. When another holder has it, it is
 * asked again every 100 ms for up to `waitMs` (none by default), then `{ held: false }`.
 *
 * PGlite is one process's database: a set of held keys per database stands in for the lock.
 */
export async function withAdvisoryLock<T>(
  database: Pick<Database, 'kind' | 'withConnection'>,
  key: AdvisoryLockKey,
  run: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<LockedRun<T>> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  const [id, sub] = typeof key === 'number' ? [key, null] : key;
  if (database.kind === 'pglite') {
    const held = heldIn(database);
    const name = `${id}:${sub ?? ''}`;
    while (held.has(name)) {
      if (Date.now() >= deadline) return { held: false };
      await pause();
    }
    held.add(name);
    try {
      return { held: true, value: await run() };
    } finally {
      held.delete(name);
    }
  }
  const args = sub === null ? [id] : [id, sub];
  const keySql = sub === null ? '$1' : '$1, hashtext($2)';
  return database.withConnection(async (_db, query) => {
    for (;;) {
      const [lock] = await query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${keySql}) AS locked`,
        args,
      );
      if (lock?.locked) break;
      if (Date.now() >= deadline) return { held: false };
      await pause();
    }
    try {
      return { held: true, value: await run() };
    } finally {
      await query(`SELECT pg_advisory_unlock(${keySql})`, args);
    }
  });
}

const heldByDatabase = new WeakMap<object, Set<string>>();

function heldIn(database: object): Set<string> {
  let held = heldByDatabase.get(database);
  if (!held) {
    held = new Set();
    heldByDatabase.set(database, held);
  }
  return held;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_MS));
