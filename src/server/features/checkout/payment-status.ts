import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema.js';
import { conflict, notFound } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { noReceiptFor, PAYMENT_NOT_FOUND } from '../../http/voter-text.js';
import { refreshPayment } from '../../payments/refresh-payment.js';
import type { PaymentStatus } from '../../payments/settle.js';
import { idParamsSchema } from '../../../shared/schemas/ids.js';
import type {
  PaymentStatusResponse,
  ReceiptCodeResponse,
} from '../../../shared/schemas/payment.js';

/** GET /api/payment/{id}/status and GET /api/payment/{id}/receipt-code. */
export function registerPaymentStatus(app: FastifyInstance): void {
  const { ctx } = app;

  app.get('/payment/:id/status', async (request, reply): Promise<PaymentStatusResponse> => {
    const { id } = parse(idParamsSchema, request.params, 'payment id');
    reply.header('cache-control', 'no-store');
    const [row] = await ctx.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, id));
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    let status = row.status as PaymentStatus;
    if (status === 'pending') {
      try {
        status = (await refreshPayment(ctx, id, 'poll')) ?? status;
      } catch (error) {
        // The provider being down must not break polling: the answer is simply "still pending".
        request.log.warn({ err: error, paymentId: id }, 'status poll could not reach the provider');
      }
    }
    return { status };
  });

  app.get('/payment/:id/receipt-code', async (request, reply): Promise<ReceiptCodeResponse> => {
    const { id } = parse(idParamsSchema, request.params, 'payment id');
    reply.header('cache-control', 'no-store');
    const [row] = await ctx.db
      .select({ status: payments.status, receiptCode: payments.receiptCode })
      .from(payments)
      .where(eq(payments.id, id));
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    if (row.status !== 'completed' || !row.receiptCode) {
      throw conflict(noReceiptFor(row.status));
    }
    return { receiptCode: row.receiptCode };
  });
}
