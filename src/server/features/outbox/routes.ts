import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import { listOutbox } from '#server/outbox/outbox-store.js';
import { outboxQuerySchema, outboxResponseSchema } from '#shared/schemas/outbox.js';

/**
 * The outbox as admins read it: every message to voters with its delivery state. Without a
 * gateway configured, this is where the receipts of a local run can be read (state `sandbox`).
 * Admin only: the path is under /api/admin, which the route-access hook guards.
 */
export default async function outboxRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/outbox',
    {
      config: { input: { what: 'outbox filters' } },
      schema: {
        operationId: 'listOutbox',
        summary: 'List messages to voters (receipts, refund and dispute notices), newest first',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOutbox(app.ctx.db, request.query);
    },
  );
}
