import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import { VALID_EMAIL, type VoterInputTexts } from '#server/http/voter-input.js';
import {
  receiptCodeParamsSchema,
  receiptDetailSchema,
  receiptLookupRequestSchema,
  receiptLookupResponseSchema,
  type ReceiptDetail,
  type ReceiptLookupResponse,
} from '#shared/schemas/receipt.js';
import { findReceipt, lookupReceipts } from './receipt-queries.js';

/** What a voter reads when a receipt request is refused (ADR 0030). */
const RECEIPT_CODE_INPUT: VoterInputTexts = {
  fields: {},
  otherwise: {
    en: 'Enter a receipt code of up to 12 letters and digits.',
    fr: 'Saisissez un code de reçu de 12 lettres et chiffres au plus.',
  },
};
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
        throw notFound({
          en: 'No receipt has this code. Check it and try again.',
          fr: 'Aucun reçu ne porte ce code. Vérifiez-le et réessayez.',
        });
      }
      return receipt;
    },
  );

  typed.post(
    '/receipts/lookup',
    {
      config: {
        rateLimit: { max: ctx.config.rateLimits.lookupsPerMinute, timeWindow: '1 minute' },
        input: { voter: LOOKUP_INPUT },
      },
      schema: {
        operationId: 'lookupReceipts',
        summary: "Find a voter's receipts by e-mail address or phone number",
        tags: ['receipts'],
        body: receiptLookupRequestSchema,
        response: { 200: receiptLookupResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply): Promise<ReceiptLookupResponse> => {
      const { body } = request;
      reply.header('cache-control', 'no-store');
      const receipts = body.email
        ? await lookupReceipts(ctx.db, { email: body.email })
        : await lookupReceipts(ctx.db, { phoneHash: hashPhone(body.phoneNumber ?? '') });
      return { receipts };
    },
  );
}
