import type { Db } from '#server/db/client.js';
import type { AppEvents } from '#server/events/app-events.js';
import { countsVisibleAt, eventStatusAt, nextEventChangeAfter } from '#shared/event-status.js';
import type { PublicEvent } from '#shared/schemas/event.js';
import { ReloadingCache } from '#server/cache/reloading-cache.js';
import { readEvent, type EventRecord } from './event-store.js';

/** The edition as the API answers it, at this instant by the database's clock. */
function atNow({ record, clockOffsetMs }: Loaded): PublicEvent {
  const now = Date.now() + clockOffsetMs;
  return {
    ...record,
    status: eventStatusAt(record, now),
    countsVisible: countsVisibleAt(record, now),
    serverTime: new Date(now).toISOString(),
  };
}

interface Loaded {
  record: EventRecord;
  /** The database's clock minus ours, so every instance reads the time the database keeps. */
  clockOffsetMs: number;
}

/**
 * The event's settings in memory: every catalogue answer asks whether counts are visible, and a
 * database round trip per request would cost more than the answer. A change made here emits
 * `event-changed` (relayed to the other instances through Redis when configured); without Redis,
 * another instance's change shows within `ttlMs`. Status and visibility are worked out per call
 * from the database's clock, so the close takes effect on time without any reload, and while the
 * database is away the last event known goes on answering (marked stale by the routes).
 */
export class EventCache {
  private readonly cache: ReloadingCache<Loaded>;

  private readonly load: (editionId?: number) => Promise<Loaded>;

  constructor(db: Db, events: AppEvents, ttlMs: number, defaultTimezone: string) {
    this.load = async (editionId) => {
      const startedAt = Date.now();
      const { record, databaseNow } = await readEvent(db, defaultTimezone, editionId);
      // The database read its clock somewhere within the round trip: its middle is the best guess.
      return { record, clockOffsetMs: databaseNow - (startedAt + Date.now()) / 2 };
    };
    this.cache = new ReloadingCache(() => this.load(), ttlMs);
    events.on('event-changed', () => this.cache.invalidate());
  }

  /** The event as GET /api/event answers it, at this instant by the database's clock. */
  async current(): Promise<PublicEvent> {
    return atNow(await this.cache.get());
  }

  /**
   * The edition `editionId` as GET /api/event?edition= answers it, read from the database: only
   * the current edition is asked often enough to keep in memory.
   */
  async edition(editionId: number): Promise<PublicEvent> {
    return atNow(await this.load(editionId));
  }

  /** Since when the event answered is the last one known, the database being away. */
  get staleSince(): number | undefined {
    return this.cache.staleSince;
  }

  /**
   * The first instant after `from` (both on this instance's clock) at which the status or the
   * counts' visibility changes by the clock alone, or null when none is ahead: what was worked out
   * from the event holds until then, unless its settings change.
   */
  async nextChangeAfter(from: number): Promise<number | null> {
    const { record, clockOffsetMs } = await this.cache.get();
    const edge = nextEventChangeAfter(record, from + clockOffsetMs);
    return edge === null ? null : edge - clockOffsetMs;
  }

  async countsVisible(): Promise<boolean> {
    const { record, clockOffsetMs } = await this.cache.get();
    return countsVisibleAt(record, Date.now() + clockOffsetMs);
  }
}
