import type { FastifyInstance } from 'fastify';
import { registerJsonBody } from '#server/http/json-body.js';
import { registerCampayCallback } from './campay-callback.js';
import { registerCardPayment } from './card-payment.js';
import { registerCheckoutChallenge } from './checkout-challenge.js';
import { registerConfirmPayment } from './confirm-payment.js';
import { registerMobileMoneyPayment } from './mobile-money-payment.js';
import { registerPaymentConfig } from './payment-config.js';
import { registerPaymentStatus } from './payment-status.js';
import { registerPaymentUpdates } from './payment-updates.js';
import { registerSandboxCard } from './sandbox-card.js';
import { stripeWebhookRoutes } from './stripe-webhook.js';

/** Checkout: starting, following and confirming payments, and the providers' notifications. */
export default async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const rateLimit = { max: ctx.config.rateLimits.paymentsPerMinute, timeWindow: '1 minute' };

  // PATCH …/attempt has no body, and some clients still send a JSON content type with it.
  registerJsonBody(app, { allowEmpty: true });

  registerPaymentConfig(app);
  registerMobileMoneyPayment(app, { hashPhone: ctx.hashPhone, rateLimit });
  registerCardPayment(app, { rateLimit });
  registerSandboxCard(app, { rateLimit });
  registerCheckoutChallenge(app, { rateLimit });
  registerPaymentUpdates(app);
  registerConfirmPayment(app);
  registerPaymentStatus(app);
  registerCampayCallback(app);
  await app.register(stripeWebhookRoutes);
}
