import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context.js';
import { paymentVotes, payments } from '#server/db/schema.js';
import { HttpError } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import type { CardProvider } from '#server/payments/providers/payment-provider.js';
import { settle } from '#server/payments/settle.js';
import {
  cardPaymentRequestSchema,
  cardPaymentResponseSchema,
  type CardPaymentResponse,
  type DeviceInfo,
  type NominationVote,
} from '#shared/schemas/payment.js';
import { CARD_PAYMENT_INPUT } from './checkout-input-texts.js';
import { assertVotingOpen } from '#server/features/event/voting-window.js';
import { insertPendingPayment } from './insert-payment.js';
import { paymentTotals } from './payment-totals.js';
import { providerHttpError } from './provider-http-error.js';
import { assertVotable } from './votable-nominations.js';

interface CardDraft {
  votes: readonly NominationVote[];
  totalVotes: number;
  amount: number;
  voterEmail: string | null;
  deviceInfo: DeviceInfo;
}

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
        tags: ['checkout'],
        body: cardPaymentRequestSchema,
        response: {
          200: cardPaymentResponseSchema,
          ...errorResponses(400, 404, 409, 429, 502, 503),
        },
      },
    },
    async (request): Promise<CardPaymentResponse> => {
      const { body } = request;
      const provider = ctx.providers.card;
      if (!provider) {
        throw new HttpError(503, {
          en: 'Card payments are not available at the moment.',
          fr: 'Les paiements par carte ne sont pas disponibles pour le moment.',
        });
      }
      await assertVotable(ctx.db, body.nominationVotes);
      const draft: CardDraft = {
        votes: body.nominationVotes,
        ...paymentTotals(body.nominationVotes, 'USD', body.totalVotes),
        voterEmail: body.voterEmail,
        deviceInfo: body.deviceInfo,
      };

      if (body.paymentId) {
        const updated = await updateCardPayment(ctx, provider, body.paymentId, draft);
        if (updated) return updated;
      }

      const paymentId = await insertPendingPayment(ctx.db, {
        provider: 'stripe',
        currency: 'USD',
        ...draft,
        ipAddress: request.ip,
      });
      let intent;
      try {
        intent = await provider.prepareIntent({
          paymentId,
          amount: draft.amount,
          currency: 'USD',
          existingIntentId: null,
        });
      } catch (error) {
        // The client never got a secret, so nobody can pay this intent: close the payment.
        await settle(
          ctx,
          paymentId,
          { status: 'failed', reason: 'card payment could not be set up' },
          'initiate',
        );
        throw providerHttpError(error);
      }
      await ctx.db
        .update(payments)
        .set({ providerRef: intent.intentId, updatedAt: new Date() })
        .where(eq(payments.id, paymentId));
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
 * The row stays locked while the provider updates the intent: a webhook or confirm for this
 * payment waits, so the amount it compares against is never the one being replaced.
 */
async function updateCardPayment(
  ctx: AppContext,
  provider: CardProvider,
  paymentId: string,
  draft: CardDraft,
): Promise<CardPaymentResponse | null> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          id: payments.id,
          status: payments.status,
          provider: payments.provider,
          providerRef: payments.providerRef,
          amount: payments.amount,
          currency: payments.currency,
          phoneNumber: payments.phoneNumber,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      if (
        !current ||
        current.status !== 'pending' ||
        current.provider !== 'stripe' ||
        !current.providerRef ||
        !provider.owns({ ...current, provider: 'stripe' })
      ) {
        return null;
      }
      // The split of a payment may change only while voting is open; refused, not replaced.
      await assertVotingOpen(tx);
      const intent = await provider.prepareIntent({
        paymentId,
        amount: draft.amount,
        currency: 'USD',
        existingIntentId: current.providerRef,
      });
      await tx.delete(paymentVotes).where(eq(paymentVotes.paymentId, paymentId));
      await tx.insert(paymentVotes).values(
        draft.votes.map((v) => ({
          paymentId,
          nominationId: v.nominationId,
          voteCount: v.voteCount,
        })),
      );
      await tx
        .update(payments)
        .set({
          amount: draft.amount,
          totalVotes: draft.totalVotes,
          ...(draft.voterEmail ? { voterEmail: draft.voterEmail } : {}),
          ...(draft.deviceInfo?.deviceTimestamp
            ? { deviceTimestamp: draft.deviceInfo.deviceTimestamp }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(payments.id, paymentId));
      return {
        clientSecret: intent.clientSecret,
        paymentId,
        amount: draft.amount,
        currency: 'USD' as const,
      };
    });
  } catch (error) {
    throw providerHttpError(error);
  }
}
