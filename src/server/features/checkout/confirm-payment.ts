import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, unprocessable } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { PAYMENT_NOT_FOUND } from '#server/http/voter-text.js';
import {
  applyProviderReport,
  type CardProvider,
  isSandboxRef,
  readPayment,
} from '#server/payments/index.js';
import {
  confirmPaymentRequestSchema,
  confirmPaymentResponseSchema,
  type ConfirmPaymentResponse,
} from '#shared/schemas/payment.js';
import { CONFIRMATION_INPUT } from './checkout-input-texts.js';
import { providerHttpError } from './provider-http-error.js';

/**
 * POST /api/confirm-payment: the browser says the card was charged. That claim is never trusted:
 * the intent is fetched from the provider and the payment settles from its real state.
 */
export function registerConfirmPayment(app: FastifyInstance): void {
  const { ctx } = app;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/confirm-payment',
    {
      config: { input: { voter: CONFIRMATION_INPUT } },
      schema: {
        operationId: 'confirmCardPayment',
        summary: 'Settle a card payment from its provider once the card form is done',
        tags: ['checkout'],
        body: confirmPaymentRequestSchema,
        response: { 200: confirmPaymentResponseSchema, ...errorResponses(400, 404, 422, 502, 503) },
      },
    },
    async (request): Promise<ConfirmPaymentResponse> => {
      const { paymentIntentId } = request.body;
      const { providers } = ctx;
      const provider: CardProvider | null = isSandboxRef(paymentIntentId)
        ? providers.sandbox
        : providers.stripe;
      if (!provider) throw notFound(PAYMENT_NOT_FOUND);

      let view;
      try {
        view = await provider.retrieveIntent(paymentIntentId);
      } catch (error) {
        throw providerHttpError(error);
      }
      if (!view?.paymentId) throw notFound(PAYMENT_NOT_FOUND);
      const payment = await readPayment(ctx.db, view.paymentId);
      if (!payment || payment.provider !== 'stripe' || payment.providerRef !== view.intentId) {
        throw notFound(PAYMENT_NOT_FOUND);
      }

      const applied = await applyProviderReport(
        ctx,
        view.paymentId,
        'stripe',
        view.report,
        'confirm',
      );
      let status = applied.status;
      if (!status || status === 'pending') {
        status = (await readPayment(ctx.db, view.paymentId))?.status ?? 'pending';
      }
      if (status === 'failed') {
        throw unprocessable(
          {
            en: 'The card payment did not go through.',
            fr: "Le paiement par carte n'a pas abouti.",
          },
          { paymentId: view.paymentId },
        );
      }
      return { paymentId: view.paymentId, status };
    },
  );
}
