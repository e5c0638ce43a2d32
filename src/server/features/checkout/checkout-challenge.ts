import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context.js';
import { rowsOf } from '#server/db/rows.js';
import { HttpError, notFound, unprocessable } from '#server/http/http-error.js';
import { errorResponses } from '#server/http/route-schema.js';
import {
  checkoutChallengeRequestSchema,
  checkoutChallengeResponseSchema,
  SANDBOX_CHALLENGE_TOKEN,
  type CheckoutChallengeResponse,
} from '#shared/schemas/card-checkout.js';
import { cardClientOf } from './card-testing.js';
import { CHALLENGE_INPUT } from './checkout-input-texts.js';

/** What Turnstile's siteverify answers; the rest of its fields are not needed. */
const siteverifyAnswerSchema = z.object({ success: z.boolean() });

const VERIFY_TIMEOUT_MS = 10_000;

const NOT_PASSED = {
  en: 'The check did not pass. Please try it again.',
  fr: "La vérification n'a pas abouti. Veuillez réessayer.",
};

const NOT_ASKED = {
  en: 'No check is asked of card payments on this site.',
  fr: "Aucune vérification n'est demandée pour les paiements par carte sur ce site.",
};

/**
 * Asks Turnstile whether the token is a passed challenge (its siteverify protocol: a form post of
 * the secret, the token and the visitor's address). Null when Turnstile could not be asked.
 */
async function turnstileVerdict(
  turnstile: { secretKey: string; verifyUrl: string },
  token: string,
  remoteIp: string,
): Promise<boolean | null> {
  try {
    const answer = await fetch(turnstile.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({
        secret: turnstile.secretKey,
        response: token,
        remoteip: remoteIp,
      }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!answer.ok) return null;
    const parsed = siteverifyAnswerSchema.safeParse(await answer.json());
    return parsed.success ? parsed.data.success : null;
  } catch {
    return null;
  }
}

async function passed(ctx: AppContext, token: string, remoteIp: string): Promise<boolean> {
  const { turnstile, sandbox } = ctx.config.cardTesting.challenge;
  if (turnstile) {
    const verdict = await turnstileVerdict(turnstile, token, remoteIp);
    if (verdict === null) {
      throw new HttpError(503, {
        en: 'The check could not be made just now. Please try again in a moment.',
        fr: "La vérification n'a pas pu être faite. Veuillez réessayer dans un instant.",
      });
    }
    return verdict;
  }
  if (sandbox) return token === SANDBOX_CHALLENGE_TOKEN;
  throw notFound(NOT_ASKED);
}

/**
 * POST /api/checkout/challenge: the answer to the challenge card payments ask while declines
 * across the site are many. A passed one holds for the browser's checkout session for
 * CARD_CHALLENGE_PASS_MINUTES, on every instance.
 */
export function registerCheckoutChallenge(
  app: FastifyInstance,
  options: { rateLimit: { max: number; timeWindow: string } },
): void {
  const { ctx } = app;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/checkout/challenge',
    {
      config: { rateLimit: options.rateLimit, input: { voter: CHALLENGE_INPUT } },
      schema: {
        operationId: 'passCheckoutChallenge',
        summary: 'Answer the challenge asked before a card payment while card declines are many',
        tags: ['checkout'],
        body: checkoutChallengeRequestSchema,
        response: {
          200: checkoutChallengeResponseSchema,
          ...errorResponses(400, 404, 422, 429, 503),
        },
      },
    },
    async (request, reply): Promise<CheckoutChallengeResponse> => {
      const client = cardClientOf(request, reply);
      if (!(await passed(ctx, request.body.token, client.ipAddress))) {
        throw unprocessable(NOT_PASSED);
      }
      const [row] = rowsOf<{ passed_until: Date | string }>(
        await ctx.db.execute(sql`
          INSERT INTO checkout_challenge_passes (checkout_session, passed_until)
          VALUES (${client.session},
            now() + make_interval(mins => ${ctx.config.cardTesting.challenge.passMinutes}))
          ON CONFLICT (checkout_session) DO UPDATE SET passed_until = EXCLUDED.passed_until
          RETURNING passed_until`),
      );
      if (!row) throw new Error('checkout challenge: no pass written');
      return { passedUntil: new Date(row.passed_until).toISOString() };
    },
  );
}
