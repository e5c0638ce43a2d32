import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { phoneHasher } from '../../payments/phone-hash.js';
import {
  receiptCodeParamsSchema,
  receiptLookupRequestSchema,
  type ReceiptDetail,
  type ReceiptLookupResponse,
} from '../../../shared/schemas/receipt.js';
import { findReceipt, lookupReceipts } from './receipt-queries.js';

/** Receipt detail by code (shareable) and lookup of one's receipts by e-mail or phone. */
export default async function receiptsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const hashPhone = phoneHasher(ctx);

  app.get('/payment/receipt/:code', async (request): Promise<ReceiptDetail> => {
    const { code } = parse(receiptCodeParamsSchema, request.params, 'receipt code');
    const receipt = await findReceipt(ctx.db, code);
    if (!receipt) throw notFound({ en: 'Receipt not found', fr: 'Reçu introuvable' });
    return receipt;
  });

  app.post(
    '/receipts/lookup',
    {
      config: {
        rateLimit: { max: ctx.config.rateLimits.lookupsPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply): Promise<ReceiptLookupResponse> => {
      const body = parse(receiptLookupRequestSchema, request.body, 'lookup');
      reply.header('cache-control', 'no-store');
      const receipts = body.email
        ? await lookupReceipts(ctx.db, { email: body.email })
        : await lookupReceipts(ctx.db, { phoneHash: hashPhone(body.phoneNumber ?? '') });
      return { receipts };
    },
  );
}
