import type { Db } from '#server/db/client.js';
import type { AppEvents } from '#server/events/app-events.js';
import { countsVisibleAt, eventStatusAt } from '#shared/event-status.js';
import type { PublicEvent } from '#shared/schemas/event.js';
import { readEvent, type EventRecord } from './event-store.js';

interface Loaded {
  record: EventRecord;
  /** The database's clock minus ours, so every instance reads the time the database keeps. */
  clockOffsetMs: number;
  loadedAt: number;
}

/**
 * The event's settings in memory: every catalogue answer asks whether counts are visible, and a
 * database round trip per request would cost more than the answer. A change made here emits
 * `event-changed` (relayed to the other instances through Redis when configured); without Redis,
 * another instance's change shows within `ttlMs`. Status and visibility are worked out per call
 * from the database's clock, so the close takes effect on time without any reload.
 */
export class EventCache {
  private loaded: Loaded | undefined;
  private generation = 0;
  private inflight: { generation: number; promise: Promise<Loaded> } | undefined;

  constructor(
    private readonly db: Db,
    events: AppEvents,
    private readonly ttlMs: number,
    private readonly defaultTimezone: string,
  ) {
    events.on('event-changed', () => this.invalidate());
  }

  invalidate(): void {
    this.generation++;
    this.loaded = undefined;
  }

  /** The event as GET /api/event answers it, at this instant by the database's clock. */
  async current(): Promise<PublicEvent> {
    const { record, clockOffsetMs } = await this.load();
    const now = Date.now() + clockOffsetMs;
    return {
      ...record,
      status: eventStatusAt(record, now),
      countsVisible: countsVisibleAt(record, now),
      serverTime: new Date(now).toISOString(),
    };
  }

  async countsVisible(): Promise<boolean> {
    const { record, clockOffsetMs } = await this.load();
    return countsVisibleAt(record, Date.now() + clockOffsetMs);
  }

  private async load(): Promise<Loaded> {
    if (this.loaded && Date.now() - this.loaded.loadedAt < this.ttlMs) return this.loaded;
    if (this.inflight?.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const promise = (async () => {
      const startedAt = Date.now();
      const { record, databaseNow } = await readEvent(this.db, this.defaultTimezone);
      // The database read its clock somewhere within the round trip: its middle is the best guess.
      const loaded = {
        record,
        clockOffsetMs: databaseNow - (startedAt + Date.now()) / 2,
        loadedAt: startedAt,
      };
      if (generation === this.generation) this.loaded = loaded;
      return loaded;
    })().finally(() => {
      if (this.inflight?.promise === promise) this.inflight = undefined;
    });
    this.inflight = { generation, promise };
    return promise;
  }
}
