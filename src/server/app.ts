import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppEvents } from './events/app-events.js';
import { connectRedisFanout } from './events/redis-fanout.js';
import adminRoutes from './features/admin/routes.js';
import analyticsRoutes from './features/analytics/routes.js';
import authRoutes from './features/auth/routes.js';
import { registerAuth } from './features/auth/register-auth.js';
import catalogRoutes from './features/catalog/routes.js';
import { catalogPageMeta } from './features/catalog/page-meta.js';
import checkoutRoutes from './features/checkout/routes.js';
import healthRoutes from './features/health/routes.js';
import mediaRoutes from './features/media/routes.js';
import receiptsRoutes from './features/receipts/routes.js';
import trackingRoutes from './features/tracking/routes.js';
import { registerApiNotFound, registerErrorHandling } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { requestLanguage, tooManyRequests } from './http/voter-text.js';
import { registerSpa } from './http/spa.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Folder of the built client (index.html + assets); without it only the API is served. */
  clientDir?: string | undefined;
  logger?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the app without listening, so tests drive it with `inject` and main.ts adds `listen`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });

  const ctx: AppContext = { config, database, db: database.db, events: new AppEvents() };
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  // Set on arrival (not in onSend) so every answer carries it, errors included, at no extra hook.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody);
  // Shared counters and catalogue invalidation across instances when Redis is configured.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2000 })
    : undefined;
  if (config.redisUrl) {
    const disconnect = await connectRedisFanout(config.redisUrl, ctx.events, app.log);
    app.addHook('onClose', async () => {
      await disconnect();
      await rateLimitRedis?.quit().catch(() => undefined);
    });
  }
  // Limits are opted into per route (payments, lookups, image proxy, sign-in).
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, skipOnError: true } : {}),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      message: tooManyRequests(Math.ceil(context.ttl / 1000))[requestLanguage(request)],
    }),
  });

  // Sessions, route guards and CSRF on the root instance, so they cover every route below.
  registerAuth(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(checkoutRoutes);
      await api.register(receiptsRoutes);
      await api.register(mediaRoutes);
      await api.register(authRoutes);
      await api.register(adminRoutes);
      await api.register(analyticsRoutes);
      await api.register(trackingRoutes);
    },
    { prefix: '/api' },
  );

  const spa = options.clientDir
    ? await registerSpa(app, { root: options.clientDir, metaFor: catalogPageMeta(ctx) })
    : false;
  if (!spa) registerApiNotFound(app);
  return app;
}
