import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context.js';
import { conflict, notFound, unprocessable } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { EMAIL_REQUIRED, PAYMENT_NOT_FOUND, paymentAlready } from '#server/http/voter-text.js';
import { markPaymentAttempt, readPayment, setReceiptEmail } from '#server/payments/index.js';
import { idParamsSchema } from '#shared/schemas/ids.js';
import {
  paymentAttemptResponseSchema,
  paymentEmailRequestSchema,
  paymentEmailResponseSchema,
} from '#shared/schemas/payment.js';
import { assertNotAtRest, cardClientOf } from './card-testing.js';
import { PAYMENT_EMAIL_INPUT, PAYMENT_ID_INPUT } from './checkout-input-texts.js';

/** Why a conditional update on a pending payment changed nothing: unknown (404) or settled (409). */
async function explainMiss(ctx: AppContext, paymentId: string, what: string): Promise<never> {
  const row = await readPayment(ctx.db, paymentId);
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  throw conflict(paymentAlready(row.status, what));
}

/** PATCH /api/payment/{id}/email and PATCH /api/payment/{id}/attempt. */
export function registerPaymentUpdates(app: FastifyInstance): void {
  const { ctx } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.patch(
    '/payment/:id/email',
    {
      config: { input: { voter: PAYMENT_EMAIL_INPUT } },
      schema: {
        operationId: 'setPaymentEmail',
        summary: "Set the e-mail a pending payment's receipt goes to",
        tags: ['checkout'],
        params: idParamsSchema,
        body: paymentEmailRequestSchema,
        response: { 200: paymentEmailResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { voterEmail } = request.body;
      const set = await setReceiptEmail(ctx.db, id, voterEmail);
      return set ?? explainMiss(ctx, id, 'e-mail');
    },
  );

  typed.patch(
    '/payment/:id/attempt',
    {
      config: { input: { voter: PAYMENT_ID_INPUT } },
      schema: {
        operationId: 'markPaymentAttempt',
        summary: 'Record that the voter went on to pay a pending payment',
        tags: ['checkout'],
        params: idParamsSchema,
        response: {
          200: paymentAttemptResponseSchema,
          ...errorResponses(400, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const current = await readPayment(ctx.db, id);
      if (!current) throw notFound(PAYMENT_NOT_FOUND);
      if (current.provider === 'stripe' && !current.voterEmail) {
        throw unprocessable(EMAIL_REQUIRED);
      }
      // The page marks the attempt just before the card is tried: a client at rest tries none.
      if (current.provider === 'stripe') {
        await assertNotAtRest(ctx, cardClientOf(request, reply, current.voterEmail));
      }
      const marked = await markPaymentAttempt(ctx.db, id);
      if (!marked) return explainMiss(ctx, id, 'attempt');
      return { paymentId: marked.paymentId, attemptedAt: marked.attemptedAt.toISOString() };
    },
  );
}
