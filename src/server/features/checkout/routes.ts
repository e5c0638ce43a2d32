import type { FastifyInstance } from 'fastify';
import { paymentProviders } from '../../payments/payment-providers.js';
import { phoneHasher } from '../../payments/phone-hash.js';
import { reconcilePendingPayments } from '../../payments/reconcile.js';
import { registerCampayCallback } from './campay-callback.js';
import { registerCardPayment } from './card-payment.js';
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
  const providers = paymentProviders(ctx);
  providers.log = app.log;
  const rateLimit = { max: ctx.config.rateLimits.paymentsPerMinute, timeWindow: '1 minute' };

  // PATCH …/attempt has no body, and some clients still send a JSON content type with it.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, body.toString(), done);
  });

  registerPaymentConfig(app);
  registerMobileMoneyPayment(app, { hashPhone: phoneHasher(ctx), rateLimit });
  registerCardPayment(app, { rateLimit });
  registerSandboxCard(app, { rateLimit });
  registerPaymentUpdates(app);
  registerConfirmPayment(app);
  registerPaymentStatus(app);
  registerCampayCallback(app);
  await app.register(stripeWebhookRoutes);

  startReconciler(app);
  app.addHook('onClose', async () => providers.close());
}

/** Catches outcomes that never reached us; see reconcilePendingPayments. */
function startReconciler(app: FastifyInstance): void {
  const { ctx } = app;
  const seconds = ctx.config.reconcileIntervalSeconds;
  if (seconds <= 0) return;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcilePendingPayments(ctx)
      .catch((error: unknown) => app.log.error({ err: error }, 'reconcile failed'))
      .finally(() => {
        running = undefined;
      });
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
