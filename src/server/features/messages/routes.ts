import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActorOf } from '#server/features/audit/record-audit.js';
import { RECEIPT_CODE_INPUT } from '#server/features/receipts/receipt-code-texts.js';
import { HttpError, notFound } from '#server/http/http-error.js';
import { errorResponses, SESSION_REQUIRED } from '#server/http/route-schema.js';
import type { VoterText } from '#server/http/voter-text.js';
import { listOutbox } from '#server/outbox/outbox-store.js';
import { idParamsSchema } from '#shared/schemas/ids.js';
import {
  paymentMessageSchema,
  paymentMessagesResponseSchema,
  receiptResendResponseSchema,
  type PaymentMessagesResponse,
  type ReceiptResendResponse,
} from '#shared/schemas/payment-messages.js';
import { receiptCodeParamsSchema } from '#shared/schemas/receipt.js';
import {
  MESSAGES_SHOWN,
  PAYMENT_NOT_FOUND,
  paymentExists,
  resendReceipt,
  RESENDS_PER_HOUR,
  type ResendOutcome,
  type SmsHeld,
} from './payment-message-store.js';

const GUARDED = errorResponses(401, 403);

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

const ADMIN_LIMITED = (seconds: number) =>
  `This receipt was sent again ${RESENDS_PER_HOUR} times in the last hour. Try again in ${minutes(seconds)} min.`;

const VOTER_LIMITED = (seconds: number): VoterText => {
  const n = minutes(seconds);
  return {
    en: `This receipt was sent again several times in the last hour. Please wait ${n} minute${n === 1 ? '' : 's'} and try again.`,
    fr: `Ce reçu a déjà été renvoyé plusieurs fois dans l'heure. Veuillez patienter ${n} minute${n === 1 ? '' : 's'} et réessayer.`,
  };
};

/** Only an SMS could go, and the number's day or the site's hour has no SMS left. */
const VOTER_SMS_HELD = (reason: SmsHeld, seconds: number): VoterText => {
  if (reason === 'site-budget') {
    return {
      en: 'Receipts cannot be sent by SMS for the moment, and this payment has no e-mail address. Please try again later, or keep this page: it is your receipt.',
      fr: "Les reçus ne peuvent pas être envoyés par SMS pour le moment, et ce paiement n'a pas d'adresse e-mail. Veuillez réessayer plus tard, ou garder cette page : c'est votre reçu.",
    };
  }
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  return {
    en: `This phone number was sent as many codes and receipts as it may be today. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or keep this page: it is your receipt.`,
    fr: `Ce numéro a reçu aujourd'hui autant de codes et de reçus que permis. Veuillez réessayer dans ${hours} heure${hours === 1 ? '' : 's'}, ou garder cette page : c'est votre reçu.`,
  };
};

/**
 * The messages a resend wrote, or a 429 with Retry-After once the hour's resends are used (or,
 * for a voter, the SMS that was all it could send is held back).
 */
function sentOr429(
  reply: FastifyReply,
  outcome: ResendOutcome,
  limited: (seconds: number) => string | VoterText,
) {
  if (outcome.kind === 'limited') {
    reply.header('retry-after', String(outcome.retryAfterSeconds));
    throw new HttpError(429, limited(outcome.retryAfterSeconds));
  }
  if (outcome.kind === 'held') {
    reply.header('retry-after', String(outcome.retryAfterSeconds));
    throw new HttpError(429, VOTER_SMS_HELD(outcome.reason, outcome.retryAfterSeconds));
  }
  return outcome.messages;
}

/**
 * A payment's messages to its voter, for admins (under /api/admin, guarded by path), and the
 * receipt sent again: by an admin from voter tracking, or by the voter from the receipt.
 */
export default async function messagesRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/admin/payments/:id/messages',
    {
      config: { input: { what: 'payment id' } },
      schema: {
        operationId: 'listPaymentMessages',
        summary: "List a payment's messages to its voter with their delivery states, newest first",
        tags: ['tracking'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        response: {
          200: paymentMessagesResponseSchema,
          ...GUARDED,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply): Promise<PaymentMessagesResponse> => {
      reply.header('cache-control', 'no-store');
      const paymentId = request.params.id;
      if (!(await paymentExists(ctx.db, paymentId))) throw notFound(PAYMENT_NOT_FOUND);
      const { messages } = await listOutbox(ctx.db, { paymentId, page: 1, limit: MESSAGES_SHOWN });
      // Parsing keeps the fields voter tracking shows: neither a message's text nor the gateway's ids.
      return { messages: messages.map((message) => paymentMessageSchema.parse(message)) };
    },
  );

  // 409 when the payment has no receipt to send (not completed) or nowhere to send it.
  app.post(
    '/admin/payments/:id/receipt/resend',
    {
      config: { input: { what: 'payment id' } },
      schema: {
        operationId: 'resendPaymentReceipt',
        summary: "Send a payment's receipt again to the phone and e-mail it was paid with",
        tags: ['tracking'],
        security: SESSION_REQUIRED,
        params: idParamsSchema,
        response: {
          202: paymentMessagesResponseSchema,
          ...GUARDED,
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply): Promise<PaymentMessagesResponse> => {
      const actor = await auditActorOf(request);
      const outcome = await resendReceipt(ctx, { id: request.params.id }, { by: 'admin', actor });
      const messages = sentOr429(reply, outcome, ADMIN_LIMITED);
      reply.code(202);
      return { messages };
    },
  );

  app.post(
    '/payment/receipt/:code/resend',
    {
      config: {
        rateLimit: { max: ctx.config.rateLimits.lookupsPerMinute, timeWindow: '1 minute' },
        input: { voter: RECEIPT_CODE_INPUT },
      },
      schema: {
        operationId: 'resendReceipt',
        summary: 'Send a receipt again to the phone and e-mail its payment was made with',
        tags: ['receipts'],
        params: receiptCodeParamsSchema,
        response: {
          202: receiptResendResponseSchema,
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply): Promise<ReceiptResendResponse> => {
      const outcome = await resendReceipt(
        ctx,
        { receiptCode: request.params.code },
        { by: 'voter' },
      );
      if (outcome.kind === 'held') ctx.metrics?.smsHeld(outcome.reason);
      if (outcome.kind === 'sent' && outcome.smsHeld) ctx.metrics?.smsHeld(outcome.smsHeld);
      const messages = sentOr429(reply, outcome, VOTER_LIMITED);
      reply.code(202).header('cache-control', 'no-store');
      return { sent: true, channels: [...new Set(messages.map((m) => m.channel))] };
    },
  );
}
