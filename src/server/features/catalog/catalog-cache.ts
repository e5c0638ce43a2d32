import type { Db } from '#server/db/client.js';
import type { AppEvents } from '#server/events/app-events.js';
import { loadCatalogSnapshot, type CatalogSnapshot } from './catalog-snapshot.js';

/**
 * The public catalogue is read far more than it changes, so it is served from an in-memory
 * snapshot. A local change (a settled payment, an admin edit) emits `catalog-changed` and the next
 * read rebuilds; changes made by another instance show within CATALOG_CACHE_MS (or at once when
 * Redis fans the event out). Concurrent readers share one rebuild. See docs/decisions/0002.
 */
export class CatalogCache {
  private snapshot: CatalogSnapshot | undefined;
  private loadedAt = 0;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<CatalogSnapshot> } | undefined;

  constructor(
    private readonly db: Db,
    events: AppEvents,
    /** How long a snapshot serves without a local change (CATALOG_CACHE_MS). */
    private readonly ttlMs: number,
  ) {
    events.on('catalog-changed', () => this.invalidate());
  }

  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
  }

  async get(): Promise<CatalogSnapshot> {
    if (this.snapshot && Date.now() - this.loadedAt < this.ttlMs) return this.snapshot;
    // Join a rebuild only if it started after the latest change.
    if (this.inflight?.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const startedAt = Date.now();
    const promise = loadCatalogSnapshot(this.db)
      .then((snapshot) => {
        // A change that landed while we were reading must not be hidden behind this older snapshot.
        if (generation === this.generation) {
          this.snapshot = snapshot;
          this.loadedAt = startedAt;
        }
        return snapshot;
      })
      .finally(() => {
        if (this.inflight?.promise === promise) this.inflight = undefined;
      });
    this.inflight = { generation, promise };
    return promise;
  }
}
