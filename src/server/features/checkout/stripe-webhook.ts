import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { badRequest, HttpError, notFound } from '#server/http/http-error.js';
import { SERVICE_UNAVAILABLE } from '#server/http/voter-text.js';
import { notificationReceivedSchema } from '#shared/schemas/payment.js';
import { errorResponses } from '#server/http/route-schema.js';
import { applyStripeNotice } from './apply-stripe-notice.js';

/** Stripe's own events stay well under this; the cap only bounds what a stranger can make us read. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/webhooks/stripe. The signature covers the exact bytes Stripe sent, so this route
 * keeps the body raw (its own parser, in its own encapsulated context). Deliveries repeat and
 * arrive out of order: applyStripeNotice() records each from the state it carries, the same way
 * the catch-up (stripe-events-catch-up.ts) records one that never arrived. Any failure answers 5xx
 * so Stripe delivers again.
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
    operationId: 'receiveStripeEvent',
    summary: 'Receive a signed Stripe event about a payment, refund or dispute',
    tags: ['notifications'],
    response: { 200: notificationReceivedSchema, ...errorResponses(400, 404, 503) },
  };
  // The body stays raw bytes for the signature check: no body schema.
  app.post('/webhooks/stripe', { schema }, async (request) => {
    const stripe = ctx.providers.stripe;
    if (!stripe) throw notFound('Stripe is not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw badRequest('Missing Stripe signature');
    }
    let notice;
    try {
      notice = stripe.parseWebhook(request.body, signature);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw badRequest('Invalid Stripe signature');
      }
      throw badRequest('Unreadable Stripe event');
    }
    if (!notice) return { received: true };
    // Held back (an amount change landing, a success not heard of yet): a 5xx makes Stripe
    // deliver again later, by when it can be applied.
    if ((await applyStripeNotice(ctx, notice, 'webhook')) === 'deferred') {
      throw new HttpError(503, SERVICE_UNAVAILABLE);
    }
    return { received: true };
  });
}
