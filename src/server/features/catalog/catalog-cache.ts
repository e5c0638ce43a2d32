import type { AppContext } from '../../app-context.js';
import { loadCatalogSnapshot, type CatalogSnapshot } from './catalog-snapshot.js';

/**
 * The public catalogue is read far more than it changes, so it is served from an in-memory
 * snapshot. A local change (a settled payment, an admin edit) emits `catalog-changed` and the next
 * read rebuilds; changes made by another instance show within CATALOG_CACHE_MS (or at once when
 * Redis fans the event out). Concurrent readers share one rebuild. See docs/decisions/0002.
 */
class CatalogCache {
  private snapshot: CatalogSnapshot | undefined;
  private loadedAt = 0;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<CatalogSnapshot> } | undefined;

  constructor(private readonly ctx: AppContext) {
    ctx.events.on('catalog-changed', () => this.invalidate());
  }

  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
  }

  async get(): Promise<CatalogSnapshot> {
    const ttl = this.ctx.config.catalogCacheMs;
    if (this.snapshot && Date.now() - this.loadedAt < ttl) return this.snapshot;
    // Join a rebuild only if it started after the latest change.
    if (this.inflight?.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const startedAt = Date.now();
    const promise = loadCatalogSnapshot(this.ctx.db)
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

const caches = new WeakMap<AppContext, CatalogCache>();

export function catalogCache(ctx: AppContext): CatalogCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new CatalogCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}
