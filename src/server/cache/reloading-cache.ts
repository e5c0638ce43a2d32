/**
 * A value read from the database and kept in memory: for `ttlMs` after it was read, or until
 * invalidate() (a local change, or one another instance announced through Redis). Concurrent
 * readers share one load, and a load that began before the latest invalidation never becomes the
 * value: a change that landed while it was reading must not hide behind it.
 *
 * With `serveStale`, a value past its time is still answered at once while a fresh load runs in
 * the background, so readers wait only when there is no value at all (first use, or after an
 * invalidation). Without it, a value past its time is reloaded before it is answered.
 */
export class ReloadingCache<T> {
  private value: T | undefined;
  private loadedAt = 0;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<T> } | undefined;

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
    if (this.value !== undefined) this.value = update(this.value);
  }

  async get(): Promise<T> {
    const value = this.value;
    if (value !== undefined) {
      if (Date.now() - this.loadedAt < this.ttlMs) return value;
      if (this.options.serveStale) {
        this.reload().catch(() => {
          // The stale value goes on serving; the next read past its time tries again.
        });
        return value;
      }
    }
    return this.reload();
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
