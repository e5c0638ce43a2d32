import { isDatabaseUnavailable } from '#server/db/database-unavailable.js';

/**
 * A value read from the database and kept in memory: for `ttlMs` after it was read, or until
 * invalidate() (a local change, or one another instance announced through Redis). Concurrent
 * readers share one load, and a load that began before the latest invalidation never becomes the
 * value: a change that landed while it was reading must not hide behind it.
 *
 * With `serveStale`, a value past its time is still answered at once while a fresh load runs in
 * the background, so readers wait only when there is no value at all (first use, or after an
 * invalidation). Without it, a value past its time is reloaded before it is answered.
 *
 * While the database cannot be reached, the last value loaded (even one since invalidated) is
 * answered instead of the error, and `staleSince` says from when: readers are answered at once
 * from then on while one reload at a time tries the database, and the first that succeeds ends it.
 * Any other failure is the reader's, as before.
 */
export class ReloadingCache<T> {
  private value: T | undefined;
  private loadedAt = 0;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<T> } | undefined;
  private lastKnown: T | undefined;
  private unavailableSince: number | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly options: { serveStale?: boolean } = {},
  ) {}

  invalidate(): void {
    this.generation++;
    this.value = undefined;
  }

  /** Replaces the value held (a change worked out in memory); its age is unchanged. */
  replace(update: (value: T) => T): void {
    if (this.value !== undefined) this.value = this.lastKnown = update(this.value);
  }

  /** When the value answered stopped being fresh because the database is away; else undefined. */
  get staleSince(): number | undefined {
    return this.unavailableSince;
  }

  async get(): Promise<T> {
    if (this.unavailableSince !== undefined && this.lastKnown !== undefined) {
      this.reloadInBackground();
      return this.lastKnown;
    }
    const value = this.value;
    if (value !== undefined) {
      if (Date.now() - this.loadedAt < this.ttlMs) return value;
      if (this.options.serveStale) {
        this.reloadInBackground();
        return value;
      }
    }
    return this.reload().catch((error: unknown) => {
      if (this.lastKnown === undefined || !this.databaseAway(error)) throw error;
      return this.lastKnown;
    });
  }

  /** The value held goes on serving; the next read past its time tries again. */
  private reloadInBackground(): void {
    this.reload().catch((error: unknown) => this.databaseAway(error));
  }

  private databaseAway(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.unavailableSince ??= Date.now();
    return true;
  }

  private reload(): Promise<T> {
    if (this.inflight?.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const startedAt = Date.now();
    const promise = this.load()
      .then((value) => {
        if (generation === this.generation) {
          this.value = value;
          this.loadedAt = startedAt;
          this.lastKnown = value;
          this.unavailableSince = undefined;
        }
        return value;
      })
      .finally(() => {
        if (this.inflight?.promise === promise) this.inflight = undefined;
      });
    this.inflight = { generation, promise };
    return promise;
  }
}
