import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppEvents } from './events/app-events.js';
import { createAuthServices } from './features/auth/auth-services.js';
import { CatalogCache } from './features/catalog/catalog-cache.js';
import { EventCache } from './features/event/event-cache.js';
import { LiveHub } from './features/live/live-hub.js';
import { TallyBoard } from './events/tally-board.js';
import type { ImageFetchPolicy } from './features/media/image-fetcher.js';
import { ImageProxy } from './features/media/image-proxy.js';
import { AppMetrics } from './features/metrics/app-metrics.js';
import { createTranslator } from './features/translation/create-translator.js';
import { FrenchTranslation } from './features/translation/french-translation.js';
import { createMessageChannels } from './outbox/channel-registry.js';
import { OutboxWorker } from './outbox/outbox-worker.js';
import { DEFAULT_RETRY_POLICY } from './outbox/retry-schedule.js';
import { PaymentProviders } from './payments/payment-providers.js';
import { createPhoneHasher, phoneHashKeyOf } from './payments/phone-hash.js';
import { createCodeSeal, type CodeSeal } from './outbox/sealed-code.js';
import type { MessageChannels } from './outbox/channel-registry.js';
import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import { refreshPayment } from './payments/refresh-payment.js';
import { SettlementQueue } from './payments/settlement-queue.js';
import { RecentProviderChecks } from './payments/recent-provider-checks.js';
import { RedisLink } from './redis/redis-link.js';

export interface AppContextOptions {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Where the image proxy may connect; the default allows public addresses only. */
  imageFetchPolicy?: ImageFetchPolicy | undefined;
  /** How a failed sign-in waits its delay; the default really waits. */
  signInDelay?: ((ms: number) => Promise<unknown>) | undefined;
  /** How a receipt lookup code request waits out its answer floor; the default really waits. */
  lookupCodeDelay?: ((ms: number) => Promise<unknown>) | undefined;
}

/**
 * The one place the server's services are made: each once, with what it depends on handed in,
 * the logger included. No job or timer starts here (only the Redis link begins to connect);
 * buildApp starts the background work and closes everything with the app.
 */
export function createAppContext(options: AppContextOptions): AppContext {
  const { config, database, log } = options;
  const { db } = database;
  const events = new AppEvents();
  const tallies = new TallyBoard(events);
  const catalog = new CatalogCache(db, events, config.catalogCacheMs, tallies);
  const event = new EventCache(db, events, config.catalogCacheMs, config.eventTimezone);
  const live = new LiveHub({ events, tallies, event, catalog, log }, config.live);
  // Off (no registry, no hooks, no listener) unless a token lets Prometheus read them.
  const metrics = config.metricsToken
    ? new AppMetrics({ database, events, live, log, smsBudget: config.smsBudget })
    : undefined;
  const messageChannels = createMessageChannels(config.outbox.channels);
  const codeSeal = createCodeSeal(phoneHashKeyOf(config));
  const outbox = new OutboxWorker({
    db,
    channels: messageChannels,
    log,
    openSealed: codeSeal.open,
    publicUrl: config.outbox.publicUrl,
    intervalMs: config.outbox.intervalMs,
    sendTimeoutMs: config.outbox.sendTimeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: config.outbox.maxAttempts },
    observer: metrics,
  });
  const settlement = new SettlementQueue({ db, events, outbox });
  // The sandbox's simulated callback goes through the same refresh as a real one; the context it
  // refreshes with is the one built just below, complete by the time any payment is due.
  const providers = new PaymentProviders(config, {
    log,
    onSandboxDue: (paymentId) => refreshPayment(ctx, paymentId, 'callback', { force: true }),
  });
  const ctx: AppContext = {
    config,
    database,
    db,
    events,
    log,
    // Shared counters and catalogue invalidation across instances when Redis is configured.
    redis: config.redisUrl ? new RedisLink(config.redisUrl, log) : undefined,
    providers,
    providerChecks: new RecentProviderChecks(config.paymentPollIntervalMs),
    settlement,
    outbox,
    messageChannels,
    hashPhone: createPhoneHasher(config),
    lookupCodeSeals: sealsOutsideTheSandbox(messageChannels, codeSeal),
    tallies,
    catalog,
    event,
    live,
    metrics,
    translation: new FrenchTranslation({
      db,
      events,
      log,
      translator: createTranslator(config.translate),
      timeoutMs: config.translate.timeoutMs,
    }),
    auth: createAuthServices(config, db, { delay: options.signInDelay }),
    images: new ImageProxy(options.imageFetchPolicy),
    routeAccess: [],
    lifecycle: { draining: false },
    lookupCodeDelay: options.lookupCodeDelay ?? ((ms) => delay(ms)),
  };
  return ctx;
}

/**
 * Lookup codes are sealed in the outbox for the channels a gateway serves; the sandbox keeps them
 * readable, since an admin reading the outbox is then how a code reaches whoever tries the flow.
 */
function sealsOutsideTheSandbox(
  channels: MessageChannels,
  seal: CodeSeal,
): Partial<Record<MessageChannelKind, (code: string) => string>> {
  const seals: Partial<Record<MessageChannelKind, (code: string) => string>> = {};
  for (const kind of ['sms', 'email'] as const) {
    if (!channels[kind].sandbox) seals[kind] = seal.seal;
  }
  return seals;
}
