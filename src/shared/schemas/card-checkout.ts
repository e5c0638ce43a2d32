import { z } from 'zod';

/** What the card checkout records of a client: a new intent, or a card declined. */
export const cardCheckoutEventKindSchema = z.enum(['intent', 'decline']);
export type CardCheckoutEventKind = z.infer<typeof cardCheckoutEventKindSchema>;

/**
 * The challenge a card payment must pass while declines across the site are many: Cloudflare
 * Turnstile with the site's key, or, where none is configured outside production, the sandbox's
 * offline stand-in (a box to tick), which proves the flow and nothing about the visitor.
 */
export const checkoutChallengeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('turnstile'), siteKey: z.string() }),
  z.object({ kind: z.literal('sandbox') }),
]);
export type CheckoutChallenge = z.infer<typeof checkoutChallengeSchema>;

/** The token the sandbox's stand-in hands back once its box is ticked. */
export const SANDBOX_CHALLENGE_TOKEN = 'sandbox-challenge-passed';

/** POST /api/checkout/challenge: the token the challenge widget gave. */
export const checkoutChallengeRequestSchema = z.object({
  token: z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(2048, { message: 'is too long' }),
});
export type CheckoutChallengeRequest = z.infer<typeof checkoutChallengeRequestSchema>;

export const checkoutChallengeResponseSchema = z.object({ passedUntil: z.iso.datetime() });
export type CheckoutChallengeResponse = z.infer<typeof checkoutChallengeResponseSchema>;

/** Why the card checkout refused a client: the `code` of the refusal's details. */
export const CARD_REFUSAL_CODES = {
  declines: 'card_declines',
  intents: 'card_intents',
  challenge: 'challenge_required',
  paused: 'card_paused',
} as const;
