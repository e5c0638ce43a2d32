import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '#server/http/http-error.js';
import type { VoterText } from '#server/http/voter-text.js';

const WINDOW_MS = 60 * 60_000;

const tooManyPrompts = (minutes: number): VoterText => ({
  en: `Too many payment requests for this phone number. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  fr: `Trop de demandes de paiement pour ce numéro. Veuillez patienter ${minutes} minute${minutes === 1 ? '' : 's'} et réessayer.`,
});

/**
 * Caps the mobile-money prompts pushed to one phone number, whoever asks and from wherever: the
 * per-address limit alone lets anyone with a few addresses flood a stranger's phone with payment
 * prompts. Counted in the app's rate-limit store (Redis when REDIS_URL is set, so every instance
 * shares the count) under the phone's keyed hash, never the number itself.
 * Returns a check that throws 429 once the phone has had its share this hour, after `onRefused`
 * has counted the refusal.
 */
export function phonePromptLimit(app: FastifyInstance, maxPerHour: number) {
  const hashes = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: maxPerHour,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `mobile-money-prompt:${hashes.get(request) ?? ''}`,
  });
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    phoneHash: string,
    onRefused: () => Promise<void>,
  ) => {
    hashes.set(request, phoneHash);
    const limit = await limiter(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    request.log.warn({ phoneHash }, 'mobile-money prompts per phone limit reached');
    await onRefused();
    reply.header('retry-after', limit.ttlInSeconds);
    throw new HttpError(429, tooManyPrompts(Math.max(1, Math.ceil(limit.ttlInSeconds / 60))));
  };
}
