import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { badRequest, HttpError, notFound } from '#server/http/http-error.js';
import { SERVICE_UNAVAILABLE } from '#server/http/voter-text.js';
import {
  applyProviderReport,
  paymentIdByProviderRef,
  recordProviderFee,
  revisePayment,
} from '#server/payments/index.js';
import { uuidSchema } from '#shared/schemas/ids.js';
import { notificationReceivedSchema } from '#shared/schemas/payment.js';
import { errorResponses } from '#server/http/route-schema.js';
import { recordCardDecline } from './card-testing.js';

/** Stripe's own events stay well under this; the cap only bounds what a stranger can make us read. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/webhooks/stripe. The signature covers the exact bytes Stripe sent, so this route
 * keeps the body raw (its own parser, in its own encapsulated context). Deliveries repeat and
 * arrive out of order; each one settles from the intent state it carries, and settle() makes
 * repeats no-ops. Refunds and disputes go to revisePayment(), from the charge's refunded total and
 * the dispute's status, so they too can repeat and come in any order. Stripe's fee is fetched after
 * a success is settled, or when a charge event says its money settled; a failed fetch is left to
 * the next event or the reconciler. Any other failure answers 5xx so Stripe delivers again.
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
    if (notice.kind === 'intent') {
      const paymentId = notice.view.paymentId;
      // Events for intents that are not ours (another integration on the account) are acknowledged.
      if (!paymentId || !uuidSchema.safeParse(paymentId).success) return { received: true };
      const applied = await applyProviderReport(
        ctx,
        paymentId,
        'stripe',
        notice.view.report,
        'webhook',
      );
      // Held back while an amount change of this payment lands: a 5xx makes Stripe deliver again.
      if (applied.deferred) throw new HttpError(503, SERVICE_UNAVAILABLE);
      if (notice.declineRef) await recordCardDecline(ctx, paymentId, notice.declineRef);
      // Once settled (its transaction committed), Stripe's fee: never part of the settlement.
      if (notice.view.report.state === 'completed') await recordProviderFee(ctx, paymentId);
      return { received: true };
    }
    const paymentId = await paymentIdByProviderRef(ctx.db, 'stripe', notice.intentId);
    if (!paymentId) return { received: true };
    if (notice.kind === 'charge-settled') {
      await recordProviderFee(ctx, paymentId);
      return { received: true };
    }
    const revised = await revisePayment(
      ctx,
      paymentId,
      notice.kind === 'refund'
        ? { kind: 'refund', refundedAmount: notice.refundedAmount }
        : { kind: 'dispute', disputeId: notice.disputeId, status: notice.status },
      'webhook',
    );
    // A refund or dispute of a payment whose success has not reached us yet: Stripe delivers
    // again later, by when it has.
    if (revised.deferred) throw new HttpError(503, SERVICE_UNAVAILABLE);
    return { received: true };
  });
}
