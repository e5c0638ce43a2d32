import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics.js';

/**
 * Counts and times every answered request on the root instance, so every route is covered. The
 * route label is the matched pattern (`/api/payment/:id/status`), never the URL, so the series
 * stay as few as the routes. A hijacked answer (a live stream) never ends through Fastify and is
 * not counted here: the streams have a gauge of their own.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
