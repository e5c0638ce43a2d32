import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import type { InstanceLifecycle } from './instance-lifecycle.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { MessageChannels } from './outbox/channel-registry.js';
import type { AppEvents } from './events/app-events.js';
import type { AuthServices } from './features/auth/auth-services.js';
import type { RouteAccessEntry } from './features/auth/route-access-entry.js';
import type { CatalogCache } from './features/catalog/catalog-cache.js';
import type { EventCache } from './features/event/event-cache.js';
import type { LiveHub } from './features/live/live-hub.js';
import type { TallyBoard } from './events/tally-board.js';
import type { ImageProxy } from './features/media/image-proxy.js';
import type { AppMetrics } from './features/metrics/app-metrics.js';
import type { FrenchTranslation } from './features/translation/french-translation.js';
import type { PaymentProviders } from './payments/payment-providers.js';
import type { RecentProviderChecks } from './payments/recent-provider-checks.js';
import type { OutboxWorker } from './outbox/outbox-worker.js';
import type { PhoneHasher } from './payments/phone-hash.js';
import type { SettlementQueue } from './payments/settlement-queue.js';
import type { RedisLink } from './redis/redis-link.js';

/**
 * Every service of one app, built once by createAppContext (called from buildApp) and reachable
 * as `app.ctx`. Handlers, jobs and services get what they need from here rather than from
 * module-level state, so two apps in one process never share a queue, a cache or a key.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  events: AppEvents;
  log: FastifyBaseLogger;
  /** Shared counters across instances, when REDIS_URL is set (with an in-process fallback). */
  redis: RedisLink | undefined;
  providers: PaymentProviders;
  /** The provider checks this instance claimed lately: a poll within one skips the claim. */
  providerChecks: RecentProviderChecks;
  settlement: SettlementQueue;
  /** Messages to voters: written by settlements, delivered by this worker (ADR 0059). */
  outbox: OutboxWorker;
  /** The channel of each kind of message (SMTP, an SMS gateway, or the sandbox). */
  messageChannels: MessageChannels;
  hashPhone: PhoneHasher;
  /** How a lookup code is written into an outbox message, per channel: sealed unless sandboxed. */
  lookupCodeSeals: Partial<Record<MessageChannelKind, (code: string) => string>>;
  /** The newest vote counts heard of, for the catalogue and the live streams. */
  tallies: TallyBoard;
  catalog: CatalogCache;
  /** The event's window and visibility, by the database's clock. */
  event: EventCache;
  /** The live streams (Server-Sent Events) of this instance. */
  live: LiveHub;
  /** This instance's Prometheus metrics, when METRICS_TOKEN turns them on. */
  metrics: AppMetrics | undefined;
  translation: FrenchTranslation;
  auth: AuthServices;
  images: ImageProxy;
  /** Every route the app registered, with the access it enforces (for the guard test and audits). */
  routeAccess: RouteAccessEntry[];
  /** Set on SIGTERM: /readyz fails while the instance drains (instance-lifecycle.ts). */
  lifecycle: InstanceLifecycle;
  /** Waits out the answer floor of a receipt lookup code request (tests hold or record it). */
  lookupCodeDelay: (ms: number) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
