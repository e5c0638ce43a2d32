import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { HttpError, notFound, unauthorized } from '#server/http/http-error.js';
import { parseInput } from '#server/http/input-refusal.js';
import { errorResponses } from '#server/http/route-schema.js';
import {
  applyCampayTransaction,
  isCollectionEndpoint,
  ProviderUnavailable,
} from '#server/payments/index.js';
import { notificationReceivedSchema } from '#shared/schemas/payment.js';

/** Only what we act on; Campay sends more (status, amount, operator...), which we re-fetch. */
const callbackSchema = z.object({
  reference: z.string().min(1).max(255),
  signature: z.string().min(1).max(4096),
  /** Which API made the transaction: `collect`, or `withdraw` for money the app sent out. */
  endpoint: z.string().max(32).optional(),
});

/** Callback fields a token may also state; where both do, they must agree. */
const BOUND_FIELDS = [
  'reference',
  'external_reference',
  'status',
  'amount',
  'currency',
  'operator',
  'code',
  'operator_reference',
  'endpoint',
] as const;

/** Our clock and Campay's may differ a little; a token is refused once expired beyond that. */
const CLOCK_TOLERANCE_SECONDS = 60;

const CONTRADICTS_SIGNATURE = 'Callback does not match its signature';

/**
 * GET and POST /api/webhooks/campay: Campay's callback. Its `signature` is an HS256 JWT made with
 * the app's webhook key. Its payload is undocumented, so no claim is required, but whatever it
 * does state binds the call: an expired token, or a claim (reference, payment id, status,
 * amount...) that differs from the callback's own field, is refused. A token therefore cannot be
 * reused for another transaction when it names its own. The callback's fields are then ignored:
 * the transaction is fetched from Campay and the payment settles from that, so a replayed or
 * altered callback cannot change an outcome.
 *
 * Only a collection settles a payment. Campay calls back for withdrawals too (money the app sends
 * out, a refund say), possibly with one of our payment ids as their external reference; such a
 * callback changes nothing. So does a transaction other than the one Campay gave us for the
 * payment when it accepted the collect request.
 *
 * A callback that changes nothing for a reason that will not go away (a withdrawal, another
 * transaction) is still answered 200: Campay would otherwise repeat it, and no repeat can make
 * it act. It is logged instead.
 */
export function registerCampayCallback(app: FastifyInstance): void {
  const { ctx } = app;
  const handler = async (request: FastifyRequest) => {
    const campay = ctx.providers.campay;
    const key = ctx.config.campay?.webhookKey;
    if (!campay || !key) throw notFound('Campay is not configured');
    const input = {
      ...(isRecord(request.query) ? request.query : {}),
      ...(isRecord(request.body) ? request.body : {}),
    };
    // Fields may come in the query or the body, so they are read here rather than declared per part.
    const { reference, signature, endpoint } = parseInput(callbackSchema, input, {
      what: 'callback',
    });
    let claims: JWTPayload;
    try {
      // jose also refuses a token whose exp or nbf is present but not a number, or has passed.
      ({ payload: claims } = await jwtVerify(signature, new TextEncoder().encode(key), {
        algorithms: ['HS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      throw unauthorized(
        error instanceof errors.JWTExpired
          ? 'Expired callback signature'
          : 'Invalid callback signature',
      );
    }
    if (BOUND_FIELDS.some((field) => contradicts(claims[field], input[field]))) {
      throw unauthorized(CONTRADICTS_SIGNATURE);
    }
    const stated = endpoint ?? (typeof claims.endpoint === 'string' ? claims.endpoint : undefined);
    if (!isCollectionEndpoint(stated)) {
      request.log.info(
        { reference, endpoint: stated },
        'Campay callback ignored: not a collection',
      );
      return { received: true } as const;
    }

    let transaction;
    try {
      transaction = await campay.retrieveTransaction(reference);
    } catch (error) {
      // 5xx so that Campay calls again; nothing was decided.
      if (error instanceof ProviderUnavailable) throw new HttpError(503, error.texts);
      throw error;
    }
    if (!transaction) return { received: true } as const;
    // The token named a payment and Campay says this transaction belongs to another one.
    if (contradicts(claims.external_reference, transaction.paymentId ?? '')) {
      throw unauthorized(CONTRADICTS_SIGNATURE);
    }
    const applied = await applyCampayTransaction(ctx, transaction);
    if (applied.kind === 'not-a-collection') {
      request.log.info(
        { reference },
        'Campay callback ignored: the transaction is not a collection',
      );
    } else if (applied.kind === 'other-transaction') {
      request.log.warn(
        { paymentId: applied.paymentId, reference: transaction.reference, stored: applied.stored },
        'Campay callback ignored: not the transaction Campay gave us for this payment',
      );
    }
    return { received: true } as const;
  };
  const schema = {
    tags: ['notifications'],
    response: { 200: notificationReceivedSchema, ...errorResponses(400, 401, 404, 503) },
  };
  app.get(
    '/webhooks/campay',
    {
      schema: {
        operationId: 'receiveCampayCallbackByQuery',
        summary: "Receive Campay's callback about a transaction, with its fields in the query",
        ...schema,
      },
    },
    handler,
  );
  app.post(
    '/webhooks/campay',
    {
      schema: {
        operationId: 'receiveCampayCallback',
        summary: "Receive Campay's callback about a transaction",
        ...schema,
      },
    },
    handler,
  );
}

/**
 * Whether a signed claim and a callback field say different things. Either one absent says
 * nothing. Amounts compare as numbers ('200' and 200.0 agree), text without regard to case.
 */
function contradicts(claim: unknown, given: unknown): boolean {
  if (claim === undefined || claim === null || given === undefined) return false;
  const claimed = scalarText(claim);
  const stated = scalarText(given);
  if (claimed === null || stated === null) return true;
  const [a, b] = [Number(claimed), Number(stated)];
  if (claimed !== '' && stated !== '' && Number.isFinite(a) && Number.isFinite(b)) return a !== b;
  return claimed.toLowerCase() !== stated.toLowerCase();
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
