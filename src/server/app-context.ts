import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { AppEvents } from './events/app-events.js';

/** What every route handler needs, built once per app and reachable as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  events: AppEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
