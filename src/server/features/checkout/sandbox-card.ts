import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound, unprocessable } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import {
  EMAIL_REQUIRED,
  PAYMENT_NOT_FOUND,
  paymentAlready,
  requestLanguage,
} from '#server/http/voter-text.js';
import {
  applyProviderReport,
  paymentIdOfSandboxIntent,
  readPayment,
} from '#server/payments/index.js';
import {
  sandboxCardDeclinedSchema,
  sandboxCardRequestSchema,
  sandboxCardResponseSchema,
  type SandboxCardResponse,
} from '#shared/schemas/payment.js';
import { assertNotAtRest, cardClientOf, recordCardDecline } from './card-testing.js';
import { SANDBOX_CARD_INPUT } from './checkout-input-texts.js';

/**
 * POST /api/sandbox/card-confirm: plays Stripe's part when the card form is the sandbox's own.
 * The test card decides the outcome, which is applied exactly as a Stripe intent's would be; the
 * client then calls POST /api/confirm-payment like after a real card confirmation.
 */
export function registerSandboxCard(
  app: FastifyInstance,
  options: { rateLimit: { max: number; timeWindow: string } },
): void {
  const { ctx } = app;
  const sandboxCard = () => {
    const { providers } = ctx;
    return providers.card === providers.sandbox ? providers.sandbox : null;
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/card-confirm',
    {
      config: { rateLimit: options.rateLimit, input: { voter: SANDBOX_CARD_INPUT } },
      schema: {
        operationId: 'chargeSandboxCard',
        summary: 'Pay a pending card payment with a test card (sandbox only)',
        tags: ['checkout'],
        body: sandboxCardRequestSchema,
        response: {
          200: sandboxCardResponseSchema,
          402: sandboxCardDeclinedSchema,
          ...errorResponses(400, 404, 409, 422, 429),
        },
      },
      // Where test cards are off, that is the answer, whatever the body holds.
      preValidation: async () => {
        if (!sandboxCard()) {
          throw notFound({
            en: 'Test card payments are not available on this site.',
            fr: 'Les paiements par carte de test ne sont pas disponibles sur ce site.',
          });
        }
      },
    },
    async (request, reply): Promise<SandboxCardResponse | undefined> => {
      const sandbox = sandboxCard();
      if (!sandbox) throw notFound(PAYMENT_NOT_FOUND);
      const { paymentId, cardNumber } = request.body;
      const payment = await readPayment(ctx.db, paymentId);
      const intentId = payment?.providerRef;
      if (
        !payment ||
        payment.provider !== 'stripe' ||
        !intentId ||
        paymentIdOfSandboxIntent(intentId) !== paymentId
      ) {
        throw notFound(PAYMENT_NOT_FOUND);
      }
      if (payment.status === 'completed') return { paymentIntentId: intentId, status: 'succeeded' };
      if (payment.status !== 'pending') throw conflict(paymentAlready(payment.status));
      if (!payment.voterEmail) {
        throw unprocessable(EMAIL_REQUIRED);
      }
      await assertNotAtRest(ctx, cardClientOf(request, reply, payment.voterEmail));

      const charge = sandbox.chargeCard(cardNumber);
      // Not a test card: a typing mistake, not a decline, so nothing is recorded.
      if (!charge.ok && charge.code === 'unknown_card') throw badRequest(charge.texts);
      if (!charge.ok) {
        await applyProviderReport(
          ctx,
          paymentId,
          'stripe',
          { state: 'pending', lastError: charge.texts.en, providerRef: intentId },
          'sandbox',
        );
        await recordCardDecline(ctx, paymentId, `sandbox:${randomUUID()}`);
        // 402 as Stripe answers a declined card; the intent stays open for another card.
        return reply
          .status(402)
          .send({ message: charge.texts[requestLanguage(request)], code: charge.code });
      }
      await applyProviderReport(
        ctx,
        paymentId,
        'stripe',
        {
          state: 'completed',
          amount: payment.amount,
          currency: payment.currency,
          providerRef: intentId,
        },
        'sandbox',
      );
      return { paymentIntentId: intentId, status: 'succeeded' };
    },
  );
}
