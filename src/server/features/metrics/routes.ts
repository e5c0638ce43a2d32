import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthorized } from '#server/http/http-error.js';
import { errorResponses, METRICS_PATH, METRICS_TOKEN_REQUIRED } from '#server/http/route-schema.js';
import { bearerTokenCheck } from './bearer-token.js';

/**
 * This instance's metrics for Prometheus, behind METRICS_TOKEN; without it the route answers 404.
 * No rate limit: a scrape every few seconds is the normal use, and the token is long enough that
 * trying guesses gets nowhere. Nothing here is cached on the way.
 */
export default async function metricsRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { metrics, config } = app.ctx;
  const tokenMatches = config.metricsToken ? bearerTokenCheck(config.metricsToken) : undefined;

  app.get(
    METRICS_PATH,
    {
      schema: {
        operationId: 'getMetrics',
        summary: "Get this instance's metrics in Prometheus' text format",
        tags: ['health'],
        security: METRICS_TOKEN_REQUIRED,
        response: {
          // Only the exposition is text: the refusals are JSON like every other.
          200: {
            description: "Prometheus' text exposition format 0.0.4, every metric of this instance",
            content: { 'text/plain': { schema: z.string() } },
          },
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!metrics || !tokenMatches) throw notFound('Metrics are off (METRICS_TOKEN is not set)');
      if (!tokenMatches(request.headers.authorization)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized('Send METRICS_TOKEN as Authorization: Bearer <token>');
      }
      const exposition = await metrics.exposition();
      return reply.type(metrics.contentType).send(exposition);
    },
  );
}
