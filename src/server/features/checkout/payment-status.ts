import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, notFound } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { noReceiptFor, PAYMENT_NOT_FOUND } from '#server/http/voter-text.js';
import { paymentFailureReason, readPayment, refreshPayment } from '#server/payments/index.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import { idParamsSchema } from '#shared/schemas/ids.js';
import {
  CREDITED_STATUSES,
  paymentStatusResponseSchema,
  receiptCodeResponseSchema,
  type PaymentStatusResponse,
  type ReceiptCodeResponse,
} from '#shared/schemas/payment.js';
import { PAYMENT_ID_INPUT } from './checkout-input-texts.js';

const hasReceipt = (status: PaymentStatus) =>
  (CREDITED_STATUSES as readonly PaymentStatus[]).includes(status);

/**
 * GET /api/payment/{id}/status and GET /api/payment/{id}/receipt-code. A failed payment's status
 * says why when the provider's reason is one the voter can act on (no balance, declined, lapsed).
 */
export function registerPaymentStatus(app: FastifyInstance): void {
  const { ctx } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const byId = { config: { input: { voter: PAYMENT_ID_INPUT } } };
  const statusRow = (id: string) => readPayment(ctx.db, id);

  typed.get(
    '/payment/:id/status',
    {
      ...byId,
      schema: {
        operationId: 'getPaymentStatus',
        summary: "Get a payment's status, asking its provider while it is pending",
        tags: ['checkout'],
        params: idParamsSchema,
        response: { 200: paymentStatusResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply): Promise<PaymentStatusResponse> => {
      const { id } = request.params;
      reply.header('cache-control', 'no-store');
      const row = await statusRow(id);
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      let status: PaymentStatus = row.status;
      let failureReason = row.failureReason;
      if (status === 'pending') {
        try {
          status = (await refreshPayment(ctx, id, 'poll')) ?? status;
        } catch (error) {
          // The provider being down must not break polling: the answer is simply "still pending".
          request.log.warn(
            { err: error, paymentId: id },
            'status poll could not reach the provider',
          );
        }
        // Settled by this poll: its reason was just stored.
        if (status === 'failed') failureReason = (await statusRow(id))?.failureReason ?? null;
      }
      const reason = status === 'failed' ? paymentFailureReason(failureReason) : null;
      return reason ? { status, reason } : { status };
    },
  );

  typed.get(
    '/payment/:id/receipt-code',
    {
      ...byId,
      schema: {
        operationId: 'getPaymentReceiptCode',
        summary: "Get a completed payment's receipt code",
        tags: ['checkout'],
        params: idParamsSchema,
        response: { 200: receiptCodeResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply): Promise<ReceiptCodeResponse> => {
      const { id } = request.params;
      reply.header('cache-control', 'no-store');
      const row = await readPayment(ctx.db, id);
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      // A payment counted once keeps its receipt through a refund or a dispute (the receipt says
      // what changed); one refunded from review was never counted and has none.
      if (!hasReceipt(row.status) || !row.receiptCode) throw conflict(noReceiptFor(row.status));
      return { receiptCode: row.receiptCode };
    },
  );
}
