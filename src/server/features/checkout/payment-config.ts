import type { FastifyInstance } from 'fastify';
import { paymentProviders } from '../../payments/payment-providers.js';
import {
  SANDBOX_TEST_CARDS,
  SANDBOX_TEST_PHONES,
} from '../../payments/providers/sandbox-test-numbers.js';
import type { PaymentConfig } from '../../../shared/schemas/payment.js';

/** GET /api/payment-config: which card form and which notices the checkout page shows. */
export function registerPaymentConfig(app: FastifyInstance): void {
  const { ctx } = app;
  app.get('/payment-config', async (): Promise<PaymentConfig> => {
    const providers = paymentProviders(ctx);
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
  });
}
