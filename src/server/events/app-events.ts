import { EventEmitter } from 'node:events';

export interface AppEventMap {
  /** Something the public catalogue shows changed (votes, artists, categories): drop cached answers. */
  'catalog-changed': [];
  'payment-settled': [{ paymentId: string; status: 'completed' | 'failed' }];
}

/** In-process events; with REDIS_URL they are also fanned out to the other instances. */
export class AppEvents extends EventEmitter<AppEventMap> {}
