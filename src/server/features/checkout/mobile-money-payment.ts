import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuseUnlessVotingOpen } from '#server/features/event/voting-window.js';
import { HttpError } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { requestLanguage, type VoterText } from '#server/http/voter-text.js';
import {
  PaymentRefused,
  ProviderUnreached,
  recordProviderRef,
  SANDBOX_TEST_PHONES,
  settlePayment,
  type PhoneHasher,
} from '#server/payments/index.js';
import {
  mobileMoneyPaymentRequestSchema,
  mobileMoneyPaymentResponseSchema,
  type MobileMoneyPaymentResponse,
} from '#shared/schemas/payment.js';
import { MOBILE_MONEY_INPUT } from './checkout-input-texts.js';
import { insertPendingPayment } from './insert-payment.js';
import { paymentTotals } from './payment-totals.js';
import { phonePromptLimit } from './phone-prompt-limit.js';
import { recordBlockedPrompt, unansweredPromptRest } from './blocked-prompts.js';
import { providerHttpError } from './provider-http-error.js';
import { assertVotable } from './votable-nominations.js';

/** A phone that declined or ignored its last prompts, resting from them (the number is theirs). */
const phoneResting = (count: number, minutes: number): VoterText => ({
  en: `This phone number did not answer its last ${count} payment requests. To protect its owner, no new request can be sent to it for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  fr: `Ce numéro n'a pas répondu à ses ${count} dernières demandes de paiement. Pour protéger son titulaire, aucune nouvelle demande ne peut lui être envoyée pendant ${minutes} minute${minutes === 1 ? '' : 's'}.`,
});

/** POST /api/campay-payment: records the payment, then asks the provider to prompt the phone. */
export function registerMobileMoneyPayment(
  app: FastifyInstance,
  options: { hashPhone: PhoneHasher; rateLimit: { max: number; timeWindow: string } },
): void {
  const { ctx } = app;
  const limitPrompts = phonePromptLimit(app, ctx.config.rateLimits.promptsPerPhonePerHour);
  const { unansweredPrompts } = ctx.config.rateLimits;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/campay-payment',
    {
      config: { rateLimit: options.rateLimit, input: { voter: MOBILE_MONEY_INPUT } },
      schema: {
        operationId: 'createCampayPayment',
        summary: 'Start a mobile money payment for votes (a prompt on the phone)',
        tags: ['checkout'],
        body: mobileMoneyPaymentRequestSchema,
        response: {
          200: mobileMoneyPaymentResponseSchema,
          ...errorResponses(400, 404, 409, 429, 502, 503),
        },
      },
    },
    async (request, reply): Promise<MobileMoneyPaymentResponse> => {
      const { body } = request;
      const provider = ctx.providers.mobileMoney;
      if (!provider) {
        throw new HttpError(503, {
          en: 'Mobile money payments are not available at the moment.',
          fr: 'Les paiements Mobile Money ne sont pas disponibles pour le moment.',
        });
      }
      const { editionId, prices } = await assertVotable(ctx.db, body.nominationVotes);
      const { totalVotes, amount, unitPrice } = paymentTotals(
        body.nominationVotes,
        prices.XAF,
        body.totalVotes,
      );
      // Counted only for requests that would prompt the phone: a refused form asks nothing of it,
      // and neither does a payment outside the voting window.
      await refuseUnlessVotingOpen(ctx.event);
      const phoneHash = options.hashPhone(body.phoneNumber);
      // The sandbox's scripted numbers prompt no one: testers fail them on purpose, again and again.
      const scripted =
        provider === ctx.providers.sandbox &&
        SANDBOX_TEST_PHONES.some((test) => test.phoneNumber === body.phoneNumber);
      const resting = scripted
        ? null
        : await unansweredPromptRest(ctx.db, phoneHash, unansweredPrompts);
      if (resting !== null) {
        await recordBlockedPrompt(ctx.db, editionId, phoneHash, 'unanswered');
        request.log.warn({ phoneHash }, 'mobile-money prompts refused after unanswered ones');
        reply.header('retry-after', resting * 60);
        throw new HttpError(429, phoneResting(unansweredPrompts.afterUnanswered, resting));
      }
      await limitPrompts(request, reply, phoneHash, () =>
        recordBlockedPrompt(ctx.db, editionId, phoneHash, 'hourly-limit'),
      );

      const paymentId = await insertPendingPayment(ctx.db, {
        editionId,
        provider: 'campay',
        currency: 'XAF',
        unitPrice,
        amount,
        totalVotes,
        votes: body.nominationVotes,
        voterEmail: body.voterEmail,
        phoneNumber: body.phoneNumber,
        phoneHash,
        deviceInfo: body.deviceInfo,
        ipAddress: request.ip,
        language: requestLanguage(request),
        // Starting a mobile-money payment is the attempt: the prompt goes to the phone now.
        attemptedAt: new Date(),
      });

      let started;
      try {
        started = await provider.collect({
          paymentId,
          amount,
          currency: 'XAF',
          phoneNumber: body.phoneNumber,
          // ASCII only: operators show it on feature phones that cannot render accents.
          description: `Palmares: ${totalVotes} vote${totalVotes === 1 ? '' : 's'}`,
        });
      } catch (error) {
        // A refusal is certain, and so is a request that never reached Campay: the payment fails
        // now. Anything else (timeout, an error answer, a connection lost) leaves it pending: the
        // provider may have acted, and its callback carries our payment id; without one, the
        // reconciler looks for the transaction in Campay's history.
        if (error instanceof PaymentRefused || error instanceof ProviderUnreached) {
          await settlePayment(ctx, {
            paymentId,
            outcome: { status: 'failed', reason: `${error.code}: ${error.message}` },
            source: 'initiate',
          });
        } else {
          request.log.warn({ err: error, paymentId }, 'mobile money collect did not complete');
        }
        throw providerHttpError(error, paymentId);
      }
      // A callback racing this request may have stored the reference already.
      await recordProviderRef(ctx.db, paymentId, started.providerRef, { keepStored: true });
      return { paymentId, ussdCode: started.ussdCode, operator: started.operator };
    },
  );
}
