import { z } from 'zod';
import { PHONE, VOTES_PER_CATEGORY } from '#shared/limits.js';
import { apiErrorBodySchema } from './api-error.js';
import { safeText } from './safe-text.js';

/**
 * Request and response shapes of checkout. The server parses requests with these and the
 * checkout forms reuse them, so both sides agree on every rule.
 */

/** Most nominees sit in a handful of categories; the cap only bounds the work one request can ask for. */
export const MAX_VOTE_LINES = 50;
export const EMAIL_MAX = 320;

/**
 * Cameroon mobile numbers that MTN Mobile Money or Orange Money serve, as the 9 national digits
 * (237 stripped). MTN: 67x, 650-654, 680-684. Orange: 69x, 655-659, 685-689. Nexttel (66x) and
 * Camtel numbers have no mobile-money service the provider supports.
 */
const MTN_PREFIX = /^6(?:7\d|5[0-4]|8[0-4])/;
const ORANGE_PREFIX = /^6(?:9\d|5[5-9]|8[5-9])/;
export type MobileOperator = 'MTN' | 'ORANGE';

export function mobileOperatorOf(nationalNumber: string): MobileOperator | null {
  if (MTN_PREFIX.test(nationalNumber)) return 'MTN';
  if (ORANGE_PREFIX.test(nationalNumber)) return 'ORANGE';
  return null;
}

/**
 * How people write a number besides its digits: spaces, dashes, dots, parentheses, and a + only in
 * front. It starts with a digit (after an optional parenthesis and +), so `-677000111` reads as the
 * negative number it looks like and is refused, not taken for 237677000111.
 */
const PHONE_WRITING = /^\(?\+?\d[\d\s.()-]*$/;

/**
 * The national digits of a Cameroon number however it is written (+237, 237 or 00237 in front,
 * any separators): every non-digit dropped, then the country code. The checkout's paste and every
 * phone the server accepts go through this one function, so they agree on what a number is.
 */
export function nationalPhoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  const prefix = [`00${PHONE.countryCode}`, PHONE.countryCode].find((p) => digits.startsWith(p));
  return prefix ? digits.slice(prefix.length) : digits;
}

/**
 * The number as stored and sent to the provider, `237` + the 9 national digits; null when `text`
 * is not a Cameroon number written in one of the usual ways (letters, another country, too short).
 */
export function canonicalPhone(text: string): string | null {
  if (!PHONE_WRITING.test(text.trim())) return null;
  const national = nationalPhoneDigits(text);
  return national.length === PHONE.digits ? `${PHONE.countryCode}${national}` : null;
}

const phoneShape = new RegExp(`^${PHONE.countryCode}\\d{${PHONE.digits}}$`);

/** `237` + 9 digits, on an MTN or Orange prefix; normalised to exactly that form. */
export const mobileMoneyPhoneSchema = z
  .string({ error: 'phone number is required' })
  .max(32, 'phone number is too long')
  .transform((v) => canonicalPhone(v) ?? v)
  .refine((v) => phoneShape.test(v), {
    message: `must be ${PHONE.countryCode} followed by ${PHONE.digits} digits`,
  })
  .refine((v) => mobileOperatorOf(v.slice(PHONE.countryCode.length)) !== null, {
    message: 'must be an MTN or Orange Cameroon mobile-money number',
  });

/** A well-formed e-mail, trimmed and lower-cased so receipt lookup finds it however it was typed. */
export const emailSchema = z
  .string({ error: 'e-mail is required' })
  .trim()
  .max(EMAIL_MAX, 'e-mail is too long')
  .pipe(z.email({ message: 'must be a valid e-mail address' }))
  .transform((v) => v.toLowerCase());

/** Optional e-mail: absent, null or blank all mean "none given". */
export const optionalEmailSchema = z
  .union([z.literal(''), z.null(), emailSchema], { error: 'must be a valid e-mail address' })
  .optional()
  .transform((v) => (v ? v : null));

export const nominationVoteSchema = z.object({
  nominationId: z.uuid({ message: 'must be a valid nomination id' }),
  voteCount: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(VOTES_PER_CATEGORY.min, `must be at least ${VOTES_PER_CATEGORY.min}`)
    .max(VOTES_PER_CATEGORY.max, `must be at most ${VOTES_PER_CATEGORY.max}`),
});
export type NominationVote = z.infer<typeof nominationVoteSchema>;

/**
 * The vote split. Lines with 0 votes are the steppers left at zero: dropped. A nomination listed
 * twice is refused rather than merged, because a merged line could exceed the per-category cap.
 */
export const nominationVotesSchema = z
  .array(nominationVoteSchema, { error: 'must be a list of votes' })
  .max(MAX_VOTE_LINES, `at most ${MAX_VOTE_LINES} nominations per payment`)
  .refine((lines) => new Set(lines.map((l) => l.nominationId)).size === lines.length, {
    message: 'each nomination may appear only once',
  })
  .transform((lines) => lines.filter((l) => l.voteCount > 0))
  .refine((lines) => lines.length > 0, { message: 'select at least one vote' });

export function totalVotesOf(lines: readonly NominationVote[]): number {
  return lines.reduce((sum, line) => sum + line.voteCount, 0);
}

/**
 * Device details are telemetry: an odd value must never block a payment, so over-long or
 * unparseable values are dropped or trimmed instead of refused. Control characters are the
 * exception: no browser sends them, and the database cannot store NUL.
 */
export const deviceInfoSchema = z
  .object({
    deviceTimestamp: safeText({ label: 'device time' })
      .max(64)
      .optional()
      .transform((v) => (v && v.length <= 40 && !Number.isNaN(Date.parse(v)) ? v : null)),
    userAgent: safeText({ label: 'user agent' })
      .max(4096)
      .optional()
      .transform((v) => (v ? v.slice(0, 512) : null)),
    /** JSON of timezone, language and screen size; accepted but not stored. */
    deviceMetadata: safeText({ label: 'device details' }).max(4096).optional(),
  })
  .optional();
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

const clientTotalSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0)
  .optional();

/** POST /api/campay-payment */
export const mobileMoneyPaymentRequestSchema = z.object({
  phoneNumber: mobileMoneyPhoneSchema,
  voterEmail: optionalEmailSchema,
  nominationVotes: nominationVotesSchema,
  /** What the client shows; checked against the votes, never used as the amount. */
  totalVotes: clientTotalSchema,
  deviceInfo: deviceInfoSchema,
});
export type MobileMoneyPaymentRequest = z.input<typeof mobileMoneyPaymentRequestSchema>;

export const mobileMoneyPaymentResponseSchema = z.object({
  paymentId: z.uuid(),
  /** USSD code the voter can dial if the prompt does not appear (null when the provider gave none). */
  ussdCode: z.string().nullable(),
  operator: z.string().nullable(),
});
export type MobileMoneyPaymentResponse = z.infer<typeof mobileMoneyPaymentResponseSchema>;

/**
 * POST /api/create-payment-intent-multi. The e-mail may still be empty here: the form sends it
 * later (PATCH /api/payment/{id}/email) and it is required when the attempt is marked.
 * `paymentId` is the pending card payment the client already holds: a changed vote split updates
 * it (and its intent) instead of leaving an orphan behind.
 */
export const cardPaymentRequestSchema = z.object({
  paymentId: z.uuid({ message: 'must be a valid payment id' }).nullish(),
  voterEmail: optionalEmailSchema,
  nominationVotes: nominationVotesSchema,
  totalVotes: clientTotalSchema,
  deviceInfo: deviceInfoSchema,
});
export type CardPaymentRequest = z.input<typeof cardPaymentRequestSchema>;

export const cardPaymentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentId: z.uuid(),
  amount: z.number().int(),
  currency: z.literal('USD'),
});
export type CardPaymentResponse = z.infer<typeof cardPaymentResponseSchema>;

/** PATCH /api/payment/{id}/email */
export const paymentEmailRequestSchema = z.object({ voterEmail: emailSchema });

/**
 * The spec's three states, and what can happen to a payment after it: `refunded` (wholly or in
 * part), `disputed` (a chargeback open, or lost), and `needs_review` (the provider reported
 * something we cannot credit on our own, such as another amount: an admin decides).
 */
export const paymentStatusSchema = z.enum([
  'pending',
  'completed',
  'failed',
  'refunded',
  'disputed',
  'needs_review',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * States of a payment whose votes were credited at some point: it has a receipt, and a refund or a
 * dispute may take some or all of its votes back out (see counted-votes on the server).
 */
export const CREDITED_STATUSES = [
  'completed',
  'refunded',
  'disputed',
] as const satisfies readonly PaymentStatus[];
export const creditedStatusSchema = z.enum(CREDITED_STATUSES);
export type CreditedStatus = z.infer<typeof creditedStatusSchema>;

/** How a refund is made: through the provider, or recorded as returned outside Palmarès. */
export const refundMethodSchema = z.enum(['provider', 'outside']);
export type RefundMethod = z.infer<typeof refundMethodSchema>;

/**
 * A refund through the provider as the app follows it: `open` until the provider confirms it
 * (`done`) or refuses it (`refused`).
 */
export const refundOrderStateSchema = z.enum(['open', 'done', 'refused']);
export type RefundOrderState = z.infer<typeof refundOrderStateSchema>;

/** POST /api/admin/payments/{id}/refund. `amount` in minor units; the rest when absent. */
export const refundRequestSchema = z
  .object({
    reason: safeText({ error: 'reason is required', label: 'reason', trim: true, multiline: true })
      .min(1, 'reason is required')
      .max(500, 'reason is too long'),
    amount: z
      .number({ error: 'amount must be a whole number of minor units' })
      .int('amount must be a whole number of minor units')
      .positive('amount must be more than 0')
      .optional(),
    method: refundMethodSchema.optional(),
  })
  .strict();
export type RefundRequest = z.input<typeof refundRequestSchema>;
export type RefundOrder = z.output<typeof refundRequestSchema>;

/** POST /api/admin/payments/{id}/credit: an admin counts the votes of a payment in review. */
export const creditRequestSchema = z
  .object({
    reason: refundRequestSchema.shape.reason,
  })
  .strict();
export type CreditRequest = z.input<typeof creditRequestSchema>;
export type CreditOrder = z.output<typeof creditRequestSchema>;

export const creditResponseSchema = z.object({
  paymentId: z.uuid(),
  /** `completed`; a payment held for review that was refunded or disputed meanwhile says so. */
  status: creditedStatusSchema,
  receiptCode: z.string(),
  countedVotes: z.number().int(),
});
export type CreditResponse = z.infer<typeof creditResponseSchema>;

/** Answer of a refund: the payment as it now stands. */
export const refundResponseSchema = z.object({
  paymentId: z.uuid(),
  status: paymentStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  refundedAmount: z.number().int(),
  /** The votes of this payment still in the tallies. */
  countedVotes: z.number().int(),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** Answer of PATCH /api/payment/{id}/email. */
export const paymentEmailResponseSchema = z.object({
  paymentId: z.uuid(),
  voterEmail: z.string(),
});

/** Answer of PATCH /api/payment/{id}/attempt. */
export const paymentAttemptResponseSchema = z.object({
  paymentId: z.uuid(),
  attemptedAt: z.iso.datetime({ offset: true }),
});

/** Stripe intent ids (pi_...) and sandbox ones (sandbox_pi_...). */
export const paymentIntentIdSchema = z
  .string({ error: 'payment intent id is required' })
  .regex(/^[A-Za-z0-9_]{3,255}$/, 'must be a payment intent id');

/** POST /api/confirm-payment */
export const confirmPaymentRequestSchema = z.object({ paymentIntentId: paymentIntentIdSchema });

/** `pending` when the card provider is still processing; a failed payment answers 422 instead. */
export const confirmPaymentResponseSchema = z.object({
  paymentId: z.uuid(),
  status: paymentStatusSchema,
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;

/**
 * Why a mobile-money payment failed, when the provider said so in a way we recognise: the voter
 * had too little balance, declined the prompt, or let it lapse.
 */
export const paymentFailureReasonSchema = z.enum(['insufficient_balance', 'declined', 'timed_out']);
export type PaymentFailureReason = z.infer<typeof paymentFailureReasonSchema>;

/** GET /api/payment/{id}/status; `reason` only on a failed payment whose cause is known. */
export const paymentStatusResponseSchema = z.object({
  status: paymentStatusSchema,
  reason: paymentFailureReasonSchema.optional(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** GET /api/payment/{id}/receipt-code */
export const receiptCodeResponseSchema = z.object({ receiptCode: z.string() });
export type ReceiptCodeResponse = z.infer<typeof receiptCodeResponseSchema>;

/** Card numbers are typed with spaces in groups of four. */
export const sandboxCardRequestSchema = z.object({
  paymentId: z.uuid({ message: 'must be a valid payment id' }),
  cardNumber: z
    .string({ error: 'card number is required' })
    .max(32)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v), { message: 'must be a card number' }),
});
export type SandboxCardRequest = z.input<typeof sandboxCardRequestSchema>;

/** Same shape as a confirmed Stripe intent, so the client continues with POST /api/confirm-payment. */
export const sandboxCardResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});
export type SandboxCardResponse = z.infer<typeof sandboxCardResponseSchema>;

/** What a payment provider's notification (Stripe webhook, Campay callback) is answered. */
export const notificationReceivedSchema = z.object({ received: z.literal(true) });

/** A test card that declines answers 402, as Stripe does, with the decline's code. */
export const sandboxCardDeclinedSchema = apiErrorBodySchema.extend({ code: z.string() });
export type SandboxCardDeclined = z.infer<typeof sandboxCardDeclinedSchema>;

export const sandboxTestCardSchema = z.object({
  number: z.string(),
  outcome: z.enum(['succeeds', 'declined', 'insufficient_funds']),
  description: z.string(),
});
export const sandboxTestPhoneSchema = z.object({
  phoneNumber: z.string(),
  outcome: z.enum(['succeeds', 'fails', 'never_completes', 'refused']),
  description: z.string(),
});
export type SandboxTestCard = z.infer<typeof sandboxTestCardSchema>;
export type SandboxTestPhone = z.infer<typeof sandboxTestPhoneSchema>;

/**
 * GET /api/payment-config: which payment paths this deployment runs. A method is `off` when it has
 * no real provider in production and the sandbox is not allowed there.
 */
export const paymentConfigSchema = z.object({
  mode: z.enum(['sandbox', 'live']),
  card: z.enum(['stripe', 'sandbox', 'off']),
  mobileMoney: z.enum(['campay', 'sandbox', 'off']),
  stripePublishableKey: z.string().nullable(),
  campay: z.boolean(),
  settleDelayMs: z.number().int().nullable(),
  testCards: z.array(sandboxTestCardSchema).optional(),
  testPhones: z.array(sandboxTestPhoneSchema).optional(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
