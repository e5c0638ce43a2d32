import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SANDBOX_TEST_CARDS, SANDBOX_TEST_PHONES } from '#server/payments/index.js';
import { paymentConfigSchema, type PaymentConfig } from '#shared/schemas/payment.js';

/** GET /api/payment-config: which card form and which notices the checkout page shows. */
export function registerPaymentConfig(app: FastifyInstance): void {
  const { ctx } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/payment-config',
    {
      schema: {
        operationId: 'getPaymentConfig',
        summary: 'Get which payment methods checkout offers, and their public settings',
        tags: ['checkout'],
        response: { 200: paymentConfigSchema },
      },
    },
    async (): Promise<PaymentConfig> => {
      const providers = ctx.providers;
      const card = providers.stripe ? 'stripe' : providers.card ? 'sandbox' : 'off';
      const mobileMoney = providers.campay ? 'campay' : providers.mobileMoney ? 'sandbox' : 'off';
      const sandbox = card === 'sandbox' || mobileMoney === 'sandbox';
      return {
        mode: sandbox ? 'sandbox' : 'live',
        card,
        mobileMoney,
        stripePublishableKey: ctx.config.stripe?.publishableKey ?? null,
        campay: Boolean(providers.campay),
        settleDelayMs: mobileMoney === 'sandbox' ? ctx.config.sandbox.settleDelayMs : null,
        ...(card === 'sandbox' ? { testCards: [...SANDBOX_TEST_CARDS] } : {}),
        ...(mobileMoney === 'sandbox' ? { testPhones: [...SANDBOX_TEST_PHONES] } : {}),
      };
    },
  );
}
