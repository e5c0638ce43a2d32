import { ReloadingCache } from '#server/cache/reloading-cache.js';
import { spacedTrigger } from '#server/cache/spaced-trigger.js';
import type { Db } from '#server/db/client.js';
import type { AppEvents } from '#server/events/app-events.js';
import type { TallyBoard } from '#server/events/tally-board.js';
import {
  buildCatalogSnapshot,
  loadCatalogRows,
  type CatalogRows,
  type CatalogSnapshot,
} from './catalog-snapshot.js';

/** How long new counts wait to be folded in, so a burst of settlements costs one rebuild. */
const TALLY_FOLD_MS = 50;
/**
 * At most one fold a second while settlements keep coming: each fold makes every answer with a
 * changed count be serialised and compressed again on its next read, and near the close counts
 * change in every category all the time. A page loaded then shows counts under a second old; the
 * live stream (GET /api/live) carries each change as it happens.
 */
const TALLY_FOLD_SPACING_MS = 1000;

interface Held {
  rows: CatalogRows;
  snapshot: CatalogSnapshot;
}

/**
 * The public catalogue is read far more than it changes, so it is served from an in-memory
 * snapshot. Votes, which change constantly near the close, never cost a database read: the
 * counts settle() announces (through the TallyBoard) are folded into the rows already held, off
 * the request path, and readers keep the previous snapshot until the new one is ready. Other
 * changes (an admin edit, a translation) emit `catalog-changed`, and the next read waits for a
 * fresh load. A snapshot older than CATALOG_CACHE_MS is still answered while a reload runs in the
 * background: that reload is what picks up counts nobody announced (another instance's, without
 * Redis) and moves the trending window on. While the database is away, the last snapshot goes on
 * answering. See docs/decisions/0002 and 0046.
 */
export class CatalogCache {
  private readonly cache: ReloadingCache<Held>;

  /**
   * Other editions' catalogues, each loaded when first asked for and kept like the current one's.
   * Editions are a few, made by organisers, so there is one entry each at most.
   */
  private readonly others = new Map<number, ReloadingCache<Held>>();

  private readonly loadEdition: (editionId: number) => ReloadingCache<Held>;

  constructor(db: Db, events: AppEvents, ttlMs: number, tallies: TallyBoard) {
    const build = (rows: CatalogRows, previous?: CatalogSnapshot): Held => ({
      rows,
      snapshot: buildCatalogSnapshot(
        rows,
        (id, seq) => tallies.newerThan(id, seq)?.voteCount,
        previous,
      ),
    });
    // With no cache time (CATALOG_CACHE_MS=0) every read loads: nothing stale is ever served.
    this.cache = new ReloadingCache(async () => build(await loadCatalogRows(db)), ttlMs, {
      serveStale: ttlMs > 0,
    });
    this.loadEdition = (editionId) =>
      new ReloadingCache(async () => build(await loadCatalogRows(db, editionId)), ttlMs, {
        serveStale: ttlMs > 0,
      });
    events.on('catalog-changed', () => {
      this.cache.invalidate();
      this.others.clear();
    });
    tallies.on(
      'changed',
      spacedTrigger(() => this.cache.replace((held) => build(held.rows, held.snapshot)), {
        firstDelayMs: TALLY_FOLD_MS,
        spacingMs: TALLY_FOLD_SPACING_MS,
      }),
    );
  }

  /** Since when the snapshot answered is the last one known, the database being away. */
  get staleSince(): number | undefined {
    return this.cache.staleSince;
  }

  /** The current edition's catalogue, or the edition `editionId`'s. */
  async get(editionId?: number): Promise<CatalogSnapshot> {
    if (editionId === undefined) return (await this.cache.get()).snapshot;
    let cache = this.others.get(editionId);
    if (!cache) {
      cache = this.loadEdition(editionId);
      this.others.set(editionId, cache);
    }
    return (await cache.get()).snapshot;
  }
}
