import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActorOf } from '#server/features/audit/record-audit.js';
import { findEdition } from '#server/features/editions/edition-store.js';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import { editionQuerySchema } from '#shared/schemas/edition.js';
import { idParamsSchema } from '#shared/schemas/ids.js';
import {
  creditRequestSchema,
  creditResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
} from '#shared/schemas/payment.js';
import { checkIntegrity } from '#server/payments/index.js';
import { integrityReportSchema } from '#shared/schemas/integrity.js';
import { creditPayment } from './credit-payment.js';
import { refundPayment } from './refund-payment.js';

const GUARDED = errorResponses(401, 403);

/**
 * The money after the payment, for admins (every /api/admin route is guarded by path):
 * refunds, and the check that the books balance.
 */
export default async function booksRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  // 409 when the money is already refunded or a refund of it is under way; 422 when the payment
  // never completed.
  app.post(
    '/admin/payments/:id/refund',
    {
      config: { input: { what: 'refund' } },
      schema: {
        operationId: 'refundPayment',
        summary: 'Refund a payment, in full or in part, and revoke the votes it paid for',
        tags: ['admin'],
        security: SESSION_REQUIRED,

        params: idParamsSchema,
        body: refundRequestSchema,
        response: {
          200: refundResponseSchema,
          ...GUARDED,
          ...errorResponses(400, 404, 409, 422, 502),
        },
      },
    },
    async (request) =>
      refundPayment(app.ctx, request.params.id, request.body, await auditActorOf(request)),
  );

  // 422 unless the payment waits for review; 409 when its money does not pay for the order.
  app.post(
    '/admin/payments/:id/credit',
    {
      config: { input: { what: 'credit' } },
      schema: {
        operationId: 'creditPayment',
        summary: 'Count the votes a payment held for review pays for',
        tags: ['admin'],
        security: SESSION_REQUIRED,

        params: idParamsSchema,
        body: creditRequestSchema,
        response: {
          200: creditResponseSchema,
          ...GUARDED,
          ...errorResponses(400, 404, 409, 422),
        },
      },
    },
    async (request) =>
      creditPayment(app.ctx, request.params.id, request.body, await auditActorOf(request)),
  );

  app.get(
    '/admin/integrity',
    {
      schema: {
        operationId: 'checkIntegrity',
        summary: 'Check that vote tallies and payments agree',
        tags: ['admin'],
        security: SESSION_REQUIRED,
        querystring: editionQuerySchema,
        response: { 200: integrityReportSchema, ...GUARDED, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { db, config } = app.ctx;
      // One edition's books, the current one's by default (the periodic job checks them all).
      const { id: editionId } = await findEdition(db, request.query.edition, config.eventTimezone);
      return checkIntegrity(db, new Date(), { editionId });
    },
  );
}
