import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import { editionIdOf } from '#server/features/editions/edition-store.js';
import { messagesOfEdition } from '#server/features/messages/edition-messages.js';
import { listOutbox } from '#server/outbox/outbox-store.js';
import { countSmsLastHour } from '#server/outbox/sms-budget.js';
import {
  outboxQuerySchema,
  outboxResponseSchema,
  type OutboxResponse,
} from '#shared/schemas/outbox.js';

/**
 * The outbox as admins read it: one edition's messages to voters with their delivery states. Without a
 * gateway configured, this is where the receipts of a local run can be read (state `sandbox`).
 * With them, the site's SMS of the last hour against its budget, so the tab can warn when codes
 * and resends have gone to e-mail only.
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
        response: { 200: outboxResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply): Promise<OutboxResponse> => {
      reply.header('cache-control', 'no-store');
      const editionId = await editionIdOf(app.ctx.db, request.query.edition);
      const [page, lastHour] = await Promise.all([
        listOutbox(app.ctx.db, request.query, messagesOfEdition(editionId)),
        countSmsLastHour(app.ctx.db),
      ]);
      return { ...page, smsBudget: { lastHour, perHour: app.ctx.config.smsBudget.perHour } };
    },
  );
}
