import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context.js';
import { conflict, HttpError } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { requestLanguage } from '#server/http/voter-text.js';
import {
  readPayment,
  recordProviderRef,
  settlePayment,
  type CardProvider,
} from '#server/payments/index.js';
import {
  cardPaymentRequestSchema,
  cardPaymentResponseSchema,
  type CardPaymentResponse,
} from '#shared/schemas/payment.js';
import {
  AMOUNT_CHANGE_BUSY,
  applyAmountChange,
  releaseAmountChange,
  reserveAmountChange,
  type CardDraft,
} from './card-amount-change.js';
import { cardCheckoutRefusal, cardClientOf, recordCardIntent } from './card-testing.js';
import { CARD_PAYMENT_INPUT } from './checkout-input-texts.js';
import { insertPendingPayment } from './insert-payment.js';
import { paymentTotals } from './payment-totals.js';
import { providerHttpError } from './provider-http-error.js';
import { assertVotable } from './votable-nominations.js';

/**
 * POST /api/create-payment-intent-multi. The page calls it each time the vote split settles; when
 * it sends back the paymentId it holds, that pending payment and its intent are updated in place.
 */
export function registerCardPayment(
  app: FastifyInstance,
  options: { rateLimit: { max: number; timeWindow: string } },
): void {
  const { ctx } = app;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/create-payment-intent-multi',
    {
      config: { rateLimit: options.rateLimit, input: { voter: CARD_PAYMENT_INPUT } },
      schema: {
        operationId: 'createCardPayment',
        summary: 'Start a card payment for votes, or change the pending one',
        tags: ['checkout'],
        body: cardPaymentRequestSchema,
        response: {
          200: cardPaymentResponseSchema,
          ...errorResponses(400, 403, 404, 409, 429, 502, 503),
        },
      },
    },
    async (request, reply): Promise<CardPaymentResponse> => {
      const { body } = request;
      const client = cardClientOf(request, reply, body.voterEmail ?? null);
      const refusal = await cardCheckoutRefusal(ctx, client);
      // A client at rest after declines may not even move its open intent; the hourly limits and
      // the challenge wait for a new one.
      if (refusal?.kind === 'rest') throw refusal.error;
      const provider = ctx.providers.card;
      if (!provider) {
        throw new HttpError(503, {
          en: 'Card payments are not available at the moment.',
          fr: 'Les paiements par carte ne sont pas disponibles pour le moment.',
        });
      }
      const { editionId, prices } = await assertVotable(ctx.db, body.nominationVotes);
      const draft: CardDraft = {
        editionId,
        votes: body.nominationVotes,
        ...paymentTotals(body.nominationVotes, prices.USD, body.totalVotes),
        voterEmail: body.voterEmail,
        deviceInfo: body.deviceInfo,
      };

      if (body.paymentId) {
        const updated = await updateCardPayment(ctx, provider, body.paymentId, draft);
        if (updated) return updated;
      }
      if (refusal) throw refusal.error;

      const paymentId = await insertPendingPayment(ctx.db, {
        provider: 'stripe',
        currency: 'USD',
        ...draft,
        ipAddress: request.ip,
        language: requestLanguage(request),
      });
      // Counted before the provider is asked: an intent that failed to start was still tried.
      await recordCardIntent(ctx, client, paymentId);
      let intent;
      try {
        intent = await provider.prepareIntent({
          paymentId,
          amount: draft.amount,
          currency: 'USD',
          existingIntentId: null,
          client: { ipAddress: client.ipAddress, userAgent: client.userAgent },
        });
      } catch (error) {
        // The client never got a secret, so nobody can pay this intent: close the payment.
        await settlePayment(ctx, {
          paymentId,
          outcome: { status: 'failed', reason: 'card payment could not be set up' },
          source: 'initiate',
        });
        throw providerHttpError(error);
      }
      await recordProviderRef(ctx.db, paymentId, intent.intentId);
      return {
        clientSecret: intent.clientSecret,
        paymentId,
        amount: draft.amount,
        currency: 'USD',
      };
    },
  );
}

/**
 * Moves the payment and its intent to the new split, or returns null when the payment cannot be
 * reused (unknown, settled, not a card payment of this provider) and a new one should be made.
 *
 * Three steps, none of which holds the payment's row lock while Stripe is asked (ADR 0047):
 * reserve the change, update the intent, then record the new amount and split if the payment is
 * still pending under this change. While a change is under way, a success Stripe reports for an
 * amount other than the recorded one waits for it instead of failing the payment.
 */
async function updateCardPayment(
  ctx: AppContext,
  provider: CardProvider,
  paymentId: string,
  draft: CardDraft,
): Promise<CardPaymentResponse | null> {
  const reservation = await reserveAmountChange(ctx, provider, paymentId, draft.editionId);
  if (reservation.kind === 'unusable') return null;
  if (reservation.kind === 'busy') throw conflict(AMOUNT_CHANGE_BUSY);
  let intent;
  try {
    intent = await provider.prepareIntent({
      paymentId,
      amount: draft.amount,
      currency: 'USD',
      existingIntentId: reservation.intentId,
    });
  } catch (error) {
    await releaseAmountChange(ctx.db, paymentId, reservation.token);
    throw providerHttpError(error);
  }
  if (!(await applyAmountChange(ctx.db, paymentId, reservation.token, draft))) {
    const row = await readPayment(ctx.db, paymentId);
    // Settled meanwhile (expired, say): like any settled payment, it is not reused.
    if (row?.status !== 'pending') return null;
    // Still pending but no longer under this change: its lease lapsed and a later change holds it.
    throw conflict(AMOUNT_CHANGE_BUSY);
  }
  return {
    clientSecret: intent.clientSecret,
    paymentId,
    amount: draft.amount,
    currency: 'USD',
  };
}
