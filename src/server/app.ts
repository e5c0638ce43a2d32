import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createAppContext } from './create-app-context.js';
import { connectRedisFanout } from './events/redis-fanout.js';
import adminRoutes from './features/admin/routes.js';
import analyticsRoutes from './features/analytics/routes.js';
import auditRoutes from './features/audit/routes.js';
import liveRoutes from './features/live/routes.js';
import authRoutes from './features/auth/routes.js';
import { registerAuth } from './features/auth/register-auth.js';
import editionRoutes from './features/editions/routes.js';
import eventRoutes from './features/event/routes.js';
import ledgerRoutes from './features/ledger/routes.js';
import financeRoutes from './features/finance/routes.js';
import catalogRoutes from './features/catalog/routes.js';
import { catalogPageMeta } from './features/catalog/page-meta.js';
import { pageRedirect } from './features/catalog/page-redirect.js';
import { sessionPurgeJob } from './features/auth/session-purge.js';
import type { ImageFetchPolicy } from './features/media/image-fetcher.js';
import checkoutRoutes from './features/checkout/routes.js';
import deliveryReportRoutes from './features/delivery-reports/routes.js';
import healthRoutes from './features/health/routes.js';
import mediaRoutes from './features/media/routes.js';
import { registerHttpMetrics } from './features/metrics/http-metrics.js';
import messagesRoutes from './features/messages/routes.js';
import metricsRoutes from './features/metrics/routes.js';
import outboxRoutes from './features/outbox/routes.js';
import receiptsRoutes from './features/receipts/routes.js';
import booksRoutes from './features/books/routes.js';
import trackingRoutes from './features/tracking/routes.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerApiNotFound, registerErrorHandling } from './http/error-handler.js';
import { zodValidatorCompiler } from './http/input-refusal.js';
import { jsonSerializerCompiler } from './http/json-serializer.js';
import { registerJsonBody } from './http/json-body.js';
import { OneLinePerRequest, requestForLog } from './http/request-log.js';
import { redisOrLocalStore } from './http/rate-limit-store.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { requestLanguage, tooManyRequests } from './http/voter-text.js';
import { DRAWN_PAGE_MAX_AGE_MS, keepDrawnPages } from './http/drawn-page-cache.js';
import type { DrawPage } from './http/page-drawing.js';
import { registerSpa } from './http/spa.js';
import { oncePerTick } from './jobs/job-ticks.js';
import { schedulePeriodicJob } from './jobs/periodic-job.js';
import { integrityJob } from './payments/integrity-job.js';
import { velocityJob } from './features/tracking/velocity-flags.js';
import { reconcileJob } from './payments/reconcile.js';
import { stripeEventsJob } from './features/checkout/stripe-events-catch-up.js';
import { refundOrdersJob } from './features/books/refund-payment.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Folder of the built client (index.html + assets); without it only the API is served. */
  clientDir?: string | undefined;
  /** The client's drawing of its public pages (ADR 0064); without it the browser draws them. */
  drawPage?: DrawPage | undefined;
  logger?: boolean;
  /** Where the log goes (stdout by default): main.ts gives its shared stdout, prettified or not. */
  logStream?: DestinationStream | undefined;
  /** Where the image proxy may connect (tests point it at a local image server). */
  imageFetchPolicy?: ImageFetchPolicy | undefined;
  /** How a failed sign-in waits its delay (tests record the delays instead of waiting them). */
  signInDelay?: ((ms: number) => Promise<unknown>) | undefined;
  /** How a receipt lookup code request waits out its answer floor (tests hold or record it). */
  lookupCodeDelay?: ((ms: number) => Promise<unknown>) | undefined;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the app without listening, so tests drive it with `inject` and main.ts adds `listen`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // Past this, the request is answered 503 (see error-handler.ts) whatever it is waiting for.
    handlerTimeout: config.requestTimeoutMs,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });

  const ctx = createAppContext({
    config,
    database,
    log: app.log,
    imageFetchPolicy: options.imageFetchPolicy,
    signInDelay: options.signInDelay,
    lookupCodeDelay: options.lookupCodeDelay,
  });
  const { redis } = ctx;
  app.decorate('ctx', ctx);
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => ctx.live.close());
  app.addHook('onClose', async () => {
    // No more simulated callbacks, then let every outcome already handed in reach the database.
    ctx.providers.close();
    await ctx.settlement.drain();
    // Settlements just drained may have nudged the outbox: let that delivery finish, then close.
    await ctx.outbox.close();
    await Promise.all(Object.values(ctx.messageChannels).map((channel) => channel.close?.()));
  });

  registerErrorHandling(app);
  // Routes declare their input and answers as the shared zod schemas (ADR 0040).
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // Set on arrival (not in onSend) so every answer carries it, errors included, at no extra hook.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (ctx.metrics) registerHttpMetrics(app, ctx.metrics);

  registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody);
  registerJsonBody(app);
  // Shared counters and catalogue invalidation across instances when Redis is configured.
  if (config.redisUrl && redis) {
    const [disconnect] = await Promise.all([
      connectRedisFanout(config.redisUrl, ctx.events, app.log),
      redis.connected(),
    ]);
    app.addHook('onClose', async () => {
      await Promise.all([disconnect(), redis.close()]);
    });
  }
  // Limits are opted into per route (payments, lookups, image proxy, sign-in). With Redis they are
  // counted there while it answers, and in process while it does not.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisOrLocalStore(redis) } : {}),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      message: tooManyRequests(Math.ceil(context.ttl / 1000))[requestLanguage(request)],
    }),
  });

  // Sessions, route guards and CSRF on the root instance, so they cover every route below.
  registerAuth(app);

  // Before the routes: the OpenAPI document is collected as they are registered.
  await registerApiDocs(app);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(eventRoutes);
      await api.register(editionRoutes);
      await api.register(ledgerRoutes);
      await api.register(checkoutRoutes);
      await api.register(receiptsRoutes);
      await api.register(mediaRoutes);
      await api.register(authRoutes);
      await api.register(adminRoutes);
      await api.register(analyticsRoutes);
      await api.register(trackingRoutes);
      await api.register(booksRoutes);
      await api.register(financeRoutes);
      await api.register(auditRoutes);
      await api.register(outboxRoutes);
      await api.register(messagesRoutes);
      await api.register(deliveryReportRoutes);
      await api.register(liveRoutes);
    },
    { prefix: '/api' },
  );

  if (options.clientDir) {
    registerSpa(app, {
      root: options.clientDir,
      metaFor: catalogPageMeta(ctx),
      redirectFor: pageRedirect(ctx),
      drawPage:
        options.drawPage &&
        keepDrawnPages(options.drawPage, {
          events: ctx.events,
          // Never kept longer than the catalogue and the event are: with CATALOG_CACHE_MS=0 every
          // page is drawn from what the database holds at that moment.
          maxAgeMs: Math.min(DRAWN_PAGE_MAX_AGE_MS, config.catalogCacheMs),
          nextEventEdge: (from) => ctx.event.nextChangeAfter(from),
          answersStale: () =>
            ctx.catalog.staleSince !== undefined || ctx.event.staleSince !== undefined,
        }),
    });
  }
  registerApiNotFound(app);

  // Background work lives as long as the app: each job stops (and is waited for) on close.
  for (const job of [
    reconcileJob(ctx),
    stripeEventsJob(ctx),
    refundOrdersJob(ctx),
    sessionPurgeJob(ctx),
    integrityJob(ctx),
    velocityJob(ctx),
    ctx.outbox.job(),
  ]) {
    schedulePeriodicJob(app, oncePerTick(ctx.db, job), ctx.metrics);
  }
  return app;
}
