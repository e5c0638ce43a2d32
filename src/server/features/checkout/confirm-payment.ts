import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema.js';
import { notFound, unprocessable } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { PAYMENT_NOT_FOUND } from '../../http/voter-text.js';
import { applyProviderReport } from '../../payments/apply-provider-report.js';
import { paymentProviders } from '../../payments/payment-providers.js';
import type { CardProvider } from '../../payments/providers/payment-provider.js';
import { isSandboxRef } from '../../payments/providers/sandbox-refs.js';
import type { PaymentStatus } from '../../payments/settle.js';
import {
  confirmPaymentRequestSchema,
  type ConfirmPaymentResponse,
} from '../../../shared/schemas/payment.js';
import { providerHttpError } from './provider-http-error.js';

/**
 * POST /api/confirm-payment: the browser says the card was charged. That claim is never trusted:
 * the intent is fetched from the provider and the payment settles from its real state.
 */
export function registerConfirmPayment(app: FastifyInstance): void {
  const { ctx } = app;
  app.post('/confirm-payment', async (request): Promise<ConfirmPaymentResponse> => {
    const { paymentIntentId } = parse(confirmPaymentRequestSchema, request.body, 'confirmation');
    const providers = paymentProviders(ctx);
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
    const [payment] = await ctx.db
      .select({ provider: payments.provider, providerRef: payments.providerRef })
      .from(payments)
      .where(eq(payments.id, view.paymentId));
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
      const [row] = await ctx.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, view.paymentId));
      status = (row?.status ?? 'pending') as PaymentStatus;
    }
    if (status === 'failed') {
      throw unprocessable(
        { en: 'The card payment did not go through.', fr: "Le paiement par carte n'a pas abouti." },
        { paymentId: view.paymentId },
      );
    }
    return { paymentId: view.paymentId, status };
  });
}
