import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, notFound, unprocessable } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { VALID_EMAIL, type VoterInputTexts } from '#server/http/voter-input.js';
import { requestLanguage, type VoterText } from '#server/http/voter-text.js';
import {
  receiptCodeParamsSchema,
  receiptDetailSchema,
  receiptLookupCodeRequestSchema,
  receiptLookupCodeResponseSchema,
  receiptLookupRequestSchema,
  receiptLookupResponseSchema,
  type ReceiptDetail,
  type ReceiptLookupCodeResponse,
  type ReceiptLookupResponse,
} from '#shared/schemas/receipt.js';
import { issueLookupCode, redeemLookupCode, type LookupContact } from './lookup-codes.js';
import { findReceipt, lookupReceipts } from './receipt-queries.js';
import { NO_RECEIPT_WITH_CODE, RECEIPT_CODE_INPUT } from './receipt-code-texts.js';

const LOOKUP_INPUT: VoterInputTexts = {
  fields: {
    email: VALID_EMAIL,
    phoneNumber: {
      en: 'Enter your phone number with its 9 digits after +237.',
      fr: 'Saisissez votre numéro de téléphone avec ses 9 chiffres après +237.',
    },
  },
  otherwise: {
    en: 'Enter your email address or your phone number, not both.',
    fr: 'Saisissez votre adresse e-mail ou votre numéro de téléphone, pas les deux.',
  },
};
const LOOKUP_WITH_CODE_INPUT: VoterInputTexts = {
  fields: {
    ...LOOKUP_INPUT.fields,
    code: {
      en: 'Enter the 6-digit code we sent you.',
      fr: 'Saisissez le code à 6 chiffres que nous vous avons envoyé.',
    },
  },
  otherwise: LOOKUP_INPUT.otherwise,
};

/** Wrong, expired, used, superseded, dead or never sent: one answer, so none can be told apart. */
const CODE_REFUSED: VoterText = {
  en: 'This code is wrong or has expired. Ask for a new one.',
  fr: 'Ce code est erroné ou a expiré. Demandez-en un nouveau.',
};

const tooManyCodes = (seconds: number): VoterText => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return {
    en: `Too many codes were asked for this email address or phone number. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    fr: `Trop de codes ont été demandés pour cette adresse e-mail ou ce numéro. Veuillez patienter ${minutes} minute${minutes === 1 ? '' : 's'} et réessayer.`,
  };
};

const tooManyCodesToday = (seconds: number): VoterText => {
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  return {
    en: `This email address or phone number was sent as many codes and receipts as it may be today. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or open a receipt with its code.`,
    fr: `Cette adresse e-mail ou ce numéro a reçu aujourd'hui autant de codes et de reçus que permis. Veuillez réessayer dans ${hours} heure${hours === 1 ? '' : 's'}, ou ouvrir un reçu avec son code.`,
  };
};

const contactOf = (body: { email: string | null; phoneNumber: string | null }): LookupContact =>
  body.email ? { email: body.email } : { phoneNumber: body.phoneNumber ?? '' };

/** Receipt detail by code (shareable) and lookup of one's receipts by e-mail or phone. */
export default async function receiptsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const hashPhone = ctx.hashPhone;

  typed.get(
    '/payment/receipt/:code',
    {
      config: { input: { voter: RECEIPT_CODE_INPUT } },
      schema: {
        operationId: 'getReceipt',
        summary: 'Get a receipt by its code',
        tags: ['receipts'],
        params: receiptCodeParamsSchema,
        response: { 200: receiptDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request): Promise<ReceiptDetail> => {
      const { code } = request.params;
      const receipt = await findReceipt(ctx.db, code);
      if (!receipt) {
        throw notFound(NO_RECEIPT_WITH_CODE);
      }
      return receipt;
    },
  );

  const lookupRateLimit = {
    max: ctx.config.rateLimits.lookupsPerMinute,
    timeWindow: '1 minute',
  };
  const codes = ctx.config.lookupCodes;

  typed.post(
    '/receipts/lookup/code',
    {
      config: { rateLimit: lookupRateLimit, input: { voter: LOOKUP_INPUT } },
      schema: {
        operationId: 'sendReceiptLookupCode',
        summary: 'Send a one-time code to an e-mail or phone that has receipts',
        tags: ['receipts'],
        body: receiptLookupCodeRequestSchema,
        response: { 202: receiptLookupCodeResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply): Promise<ReceiptLookupCodeResponse> => {
      // Known and unknown recipients run the same statements (lookup-codes.ts); the floor hides
      // what is left, the one outbox row and the worker's nudge (ADR 0061).
      const started = performance.now();
      const issued = await issueLookupCode(ctx.db, {
        contact: contactOf(request.body),
        language: requestLanguage(request),
        hashPhone,
        ttlSeconds: codes.ttlSeconds,
        perRecipient: codes.perRecipient,
        smsBudget: ctx.config.smsBudget,
        seals: ctx.lookupCodeSeals,
      });
      // The worker is woken once the answer is out, so its run cannot lengthen it: a known
      // contact's answer would otherwise be a fraction of a millisecond later than an unknown's.
      if (issued.allowed && issued.queued) reply.raw.once('finish', () => ctx.outbox.written());
      if (issued.allowed && issued.smsPaused) ctx.metrics?.smsHeld('site-budget');
      const left = codes.answerFloorMs - (performance.now() - started);
      if (left > 0) await ctx.lookupCodeDelay(left);
      reply.header('cache-control', 'no-store');
      if (!issued.allowed) {
        reply.header('retry-after', issued.retryAfterSeconds);
        if (issued.limit === 'day') ctx.metrics?.smsHeld('recipient-day');
        throw new HttpError(
          429,
          issued.limit === 'day'
            ? tooManyCodesToday(issued.retryAfterSeconds)
            : tooManyCodes(issued.retryAfterSeconds),
        );
      }
      reply.code(202);
      return {
        sent: true,
        expiresInSeconds: codes.ttlSeconds,
        ...('phoneNumber' in request.body && request.body.phoneNumber && issued.smsPaused
          ? { smsPaused: true }
          : {}),
      };
    },
  );

  typed.post(
    '/receipts/lookup',
    {
      config: { rateLimit: lookupRateLimit, input: { voter: LOOKUP_WITH_CODE_INPUT } },
      schema: {
        operationId: 'lookupReceipts',
        summary: "List a voter's receipts, with the one-time code sent to them",
        tags: ['receipts'],
        body: receiptLookupRequestSchema,
        response: { 200: receiptLookupResponseSchema, ...errorResponses(400, 422, 429) },
      },
    },
    async (request, reply): Promise<ReceiptLookupResponse> => {
      const { body } = request;
      reply.header('cache-control', 'no-store');
      const contact = contactOf(body);
      const accepted = await redeemLookupCode(ctx.db, { contact, code: body.code, hashPhone });
      if (!accepted) throw unprocessable(CODE_REFUSED);
      const receipts =
        'email' in contact
          ? await lookupReceipts(ctx.db, { email: contact.email })
          : await lookupReceipts(ctx.db, { phoneHash: hashPhone(contact.phoneNumber) });
      return { receipts };
    },
  );
}
