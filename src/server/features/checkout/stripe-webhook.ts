import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { badRequest, notFound } from '#server/http/http-error.js';
import { applyProviderReport } from '#server/payments/apply-provider-report.js';
import { uuidSchema } from '#shared/schemas/ids.js';
import { notificationReceivedSchema } from '#shared/schemas/payment.js';
import { errorResponses } from '#server/http/route-schema.js';

/** Stripe's own events stay well under this; the cap only bounds what a stranger can make us read. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/webhooks/stripe. The signature covers the exact bytes Stripe sent, so this route
 * keeps the body raw (its own parser, in its own encapsulated context). Deliveries repeat and
 * arrive out of order; each one settles from the intent state it carries, and settle() makes
 * repeats no-ops. Any failure answers 5xx so Stripe delivers again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const schema = {
    tags: ['notifications'],
    response: { 200: notificationReceivedSchema, ...errorResponses(400, 404) },
  };
  // The body stays raw bytes for the signature check: no body schema.
  app.post('/webhooks/stripe', { schema }, async (request) => {
    const stripe = ctx.providers.stripe;
    if (!stripe) throw notFound('Stripe is not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw badRequest('Missing Stripe signature');
    }
    let view;
    try {
      view = stripe.parseWebhook(request.body, signature);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw badRequest('Invalid Stripe signature');
      }
      throw badRequest('Unreadable Stripe event');
    }
    const paymentId = view?.paymentId;
    // Events for intents that are not ours (another integration on the account) are acknowledged.
    if (!view || !paymentId || !uuidSchema.safeParse(paymentId).success) return { received: true };
    await applyProviderReport(ctx, paymentId, 'stripe', view.report, 'webhook');
    return { received: true };
  });
}
