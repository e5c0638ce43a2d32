import { z } from 'zod';
import { PHONE, RECEIPT_CODE_MAX } from '#shared/limits.js';
import { CURRENCIES, PROVIDERS } from '#shared/money.js';
import { canonicalPhone, creditedStatusSchema, optionalEmailSchema } from './payment.js';

/** Receipt codes are shown in capitals but people type them any way; lower case is accepted. */
export const receiptCodeSchema = z
  .string({ error: 'receipt code is required' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9]+$/.test(v) && v.length <= RECEIPT_CODE_MAX, {
    message: 'must be a receipt code',
  });
export const receiptCodeParamsSchema = z.object({ code: receiptCodeSchema });

/**
 * Any Cameroon number: lookup only matches what was stored, so the operator check is not needed.
 * The 9 national digits alone are accepted too (237 is then assumed).
 */
export const lookupPhoneSchema = z
  .string({ error: 'phone number is required' })
  .max(32, 'phone number is too long')
  .transform((v) => canonicalPhone(v) ?? v)
  .refine((v) => new RegExp(`^${PHONE.countryCode}\\d{${PHONE.digits}}$`).test(v), {
    message: `must be ${PHONE.countryCode} followed by ${PHONE.digits} digits`,
  });

/** The digits of a one-time code that opens a voter's receipt list. */
export const LOOKUP_CODE_DIGITS = 6;

/** A one-time code as typed: spaces are dropped, then exactly 6 digits. */
export const lookupCodeSchema = z
  .string({ error: 'code is required' })
  .max(32, 'code is too long')
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => new RegExp(`^\\d{${LOOKUP_CODE_DIGITS}}$`).test(v), {
    message: `must be ${LOOKUP_CODE_DIGITS} digits`,
  });

/** Who the receipts are for: an e-mail or a phone number, not both (the form disables the other). */
const contactFields = {
  email: optionalEmailSchema,
  phoneNumber: z
    .union([z.literal(''), z.null(), lookupPhoneSchema], {
      error: `must be ${PHONE.countryCode} followed by ${PHONE.digits} digits`,
    })
    .optional()
    .transform((v) => (v ? v : null)),
};
const oneContact = (v: { email: string | null | undefined; phoneNumber: string | null }) =>
  Boolean(v.email) !== Boolean(v.phoneNumber);
const ONE_CONTACT = { message: 'enter an e-mail address or a phone number, not both' };

/** POST /api/receipts/lookup/code: send a one-time code to this e-mail or phone. */
export const receiptLookupCodeRequestSchema = z
  .object(contactFields)
  .refine(oneContact, ONE_CONTACT);
export type ReceiptLookupCodeRequest = z.input<typeof receiptLookupCodeRequestSchema>;

/** The same answer whether or not the recipient has receipts (and so was sent a code). */
export const receiptLookupCodeResponseSchema = z.object({
  sent: z.literal(true),
  expiresInSeconds: z.number().int().positive(),
  /**
   * The site's SMS for the hour are spent: a phone's code went only by e-mail, to the address its
   * payment gave, if any. Said to every phone request alike.
   */
  smsPaused: z.boolean().optional(),
});
export type ReceiptLookupCodeResponse = z.infer<typeof receiptLookupCodeResponseSchema>;

/** POST /api/receipts/lookup: the e-mail or phone, with the code that was sent to it. */
export const receiptLookupRequestSchema = z
  .object({ ...contactFields, code: lookupCodeSchema })
  .refine(oneContact, ONE_CONTACT);
export type ReceiptLookupRequest = z.input<typeof receiptLookupRequestSchema>;

/** The edition a receipt's votes went to: a voter's receipts may span several years. */
export const receiptEditionSchema = z.object({
  slug: z.string(),
  name: z.string(),
  nameFr: z.string().nullable(),
});
export type ReceiptEdition = z.infer<typeof receiptEditionSchema>;

export const receiptSummarySchema = z.object({
  receiptCode: z.string(),
  edition: receiptEditionSchema,
  createdAt: z.iso.datetime({ offset: true }),
  provider: z.enum(PROVIDERS),
  totalVotes: z.number().int(),
  /** Minor units: XAF whole francs, USD cents. */
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** A refunded or disputed payment keeps its receipt, which says so. */
  status: creditedStatusSchema,
  refundedAmount: z.number().int(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const receiptLookupResponseSchema = z.object({ receipts: z.array(receiptSummarySchema) });
export type ReceiptLookupResponse = z.infer<typeof receiptLookupResponseSchema>;

/** GET /api/payment/receipt/{code}. No contact details: a receipt code is meant to be shared. */
export const receiptDetailSchema = z.object({
  payment: z.object({
    id: z.uuid(),
    receiptCode: z.string(),
    totalVotes: z.number().int(),
    amount: z.number().int(),
    currency: z.enum(CURRENCIES),
    provider: z.enum(PROVIDERS),
    createdAt: z.iso.datetime({ offset: true }),
    settledAt: z.iso.datetime({ offset: true }).nullable(),
    status: creditedStatusSchema,
    refundedAmount: z.number().int(),
    /** The votes of this payment in the tallies now: fewer than totalVotes after a refund. */
    countedVotes: z.number().int(),
  }),
  edition: receiptEditionSchema,
  artist: z.object({
    id: z.uuid(),
    name: z.string(),
    nameFr: z.string().nullable(),
    photoUrl: z.string().nullable(),
  }),
  votesByCategory: z.array(
    z.object({
      nominationId: z.uuid(),
      categoryId: z.uuid(),
      categoryName: z.string(),
      categoryNameFr: z.string().nullable(),
      voteCount: z.number().int(),
      /** Of voteCount, those in the tallies now (fewer after a refund, none while disputed). */
      countedVotes: z.number().int(),
    }),
  ),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;
