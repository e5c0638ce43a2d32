import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import { HttpError, notFound, unauthorized } from '../../http/http-error.js';
import { parse } from '../../http/parse.js';
import { applyProviderReport } from '../../payments/apply-provider-report.js';
import { paymentProviders } from '../../payments/payment-providers.js';
import { campayReport } from '../../payments/providers/campay-provider.js';
import { ProviderUnavailable } from '../../payments/providers/provider-errors.js';
import { uuidSchema } from '../../../shared/schemas/ids.js';

/** Only what we act on; Campay sends more (status, amount, operator...), which we re-fetch. */
const callbackSchema = z.object({
  reference: z.string().min(1).max(255),
  signature: z.string().min(1).max(4096),
});

/**
 * GET and POST /api/webhooks/campay: Campay's callback. Its `signature` is an HS256 JWT made with
 * the app's webhook key; its payload is undocumented, so it only proves the call came from Campay.
 * The callback's own fields are then ignored: the transaction is fetched from Campay and the
 * payment settles from that, so a replayed or altered callback cannot change an outcome.
 */
export function registerCampayCallback(app: FastifyInstance): void {
  const { ctx } = app;
  const handler = async (request: FastifyRequest) => {
    const campay = paymentProviders(ctx).campay;
    const key = ctx.config.campay?.webhookKey;
    if (!campay || !key) throw notFound('Campay is not configured');
    const input = {
      ...(isRecord(request.query) ? request.query : {}),
      ...(isRecord(request.body) ? request.body : {}),
    };
    const { reference, signature } = parse(callbackSchema, input, 'callback');
    try {
      await jwtVerify(signature, new TextEncoder().encode(key), { algorithms: ['HS256'] });
    } catch {
      throw unauthorized('Invalid callback signature');
    }

    let transaction;
    try {
      transaction = await campay.client.transaction(reference);
    } catch (error) {
      // 5xx so that Campay calls again; nothing was decided.
      if (error instanceof ProviderUnavailable) throw new HttpError(503, error.texts);
      throw error;
    }
    const paymentId = transaction?.external_reference;
    if (!transaction || !paymentId || !uuidSchema.safeParse(paymentId).success) {
      return { received: true };
    }
    await applyProviderReport(ctx, paymentId, 'campay', campayReport(transaction), 'callback');
    return { received: true };
  };
  app.get('/webhooks/campay', handler);
  app.post('/webhooks/campay', handler);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
