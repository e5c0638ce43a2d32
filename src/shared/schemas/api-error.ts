import { z } from 'zod';
import { checkoutChallengeSchema } from './card-checkout.js';

/** One problem with a request's input, for a form that shows each beside its field. */
export const inputIssueSchema = z.object({ path: z.string(), message: z.string() });
export type InputIssue = z.infer<typeof inputIssueSchema>;

/**
 * What a payment provider's refusal or silence leaves for the page: the provider's code and, when
 * a payment was started and may still complete, its id, so the page follows that payment instead
 * of inviting the voter to pay twice. The card checkout's refusals add the challenge to pass
 * before trying again, when that is what it asks.
 */
export const paymentFailureDetailsSchema = z.object({
  code: z.string().optional(),
  paymentId: z.uuid().optional(),
  challenge: checkoutChallengeSchema.optional(),
});
export type PaymentFailureDetails = z.infer<typeof paymentFailureDetailsSchema>;

/**
 * The one shape of every refusal (4xx) and failure (5xx): a sentence a person can read, and
 * either every problem of a refused form by field, or what a payment's failure left to follow.
 */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  details: z.union([z.array(inputIssueSchema), paymentFailureDetailsSchema]).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
