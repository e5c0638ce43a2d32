import { EventEmitter } from 'node:events';

export interface AppEventMap {
  /** Something the public catalogue shows changed (votes, artists, categories): drop cached answers. */
  'catalog-changed': [];
  'payment-settled': [{ paymentId: string; status: 'completed' | 'failed' }];
  /** The event's settings or results publication changed: drop the cached event. */
  'event-changed': [];
}

/** The events every instance must hear, relayed through Redis when it is configured. */
export const FANNED_OUT_EVENTS = ['catalog-changed', 'event-changed'] as const;
export type FannedOutEvent = (typeof FANNED_OUT_EVENTS)[number];

/** In-process events; with REDIS_URL they are also fanned out to the other instances. */
export class AppEvents extends EventEmitter<AppEventMap> {}
