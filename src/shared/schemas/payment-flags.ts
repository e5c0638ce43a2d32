import { z } from 'zod';
import { paymentStatusSchema, refundRequestSchema } from './payment.js';

/**
 * Why voter tracking flags a paid payment (velocity): many phones paid from one device (the same
 * address and browser) or one address, one phone paying for many nominees within seconds, or a
 * category receiving votes far above its usual rate. A flag never stops a payment: the organiser
 * decides (hold for review, refund, or clear).
 */
export const PAYMENT_FLAG_KINDS = [
  'device-phones',
  'address-phones',
  'phone-nominees',
  'category-burst',
] as const;
export const paymentFlagKindSchema = z.enum(PAYMENT_FLAG_KINDS);
export type PaymentFlagKind = z.infer<typeof paymentFlagKindSchema>;

/**
 * One flag as the organiser reads it: what was measured against which threshold, over what
 * window, so the explanation can be written in their language from numbers alone.
 */
export const paymentFlagSchema = z.object({
  kind: paymentFlagKindSchema,
  /** Phones, nominees or votes counted. */
  measured: z.number().int(),
  /** The setting it reached. */
  threshold: z.number().int(),
  windowSeconds: z.number().int(),
  /** Of a category burst: the category's usual votes in such a window. */
  usual: z.number().int().nullable(),
  /** Of a category burst: the category's name, and its French name when it has one. */
  categoryName: z.string().nullable(),
  categoryNameFr: z.string().nullable(),
  flaggedAt: z.string(),
  /** When the organiser cleared it (null: still open). */
  clearedAt: z.string().nullable(),
});
export type PaymentFlag = z.infer<typeof paymentFlagSchema>;

/** POST /api/admin/payments/{id}/hold: why the organiser holds the payment back. */
export const holdRequestSchema = z.object({ reason: refundRequestSchema.shape.reason }).strict();
export type HoldRequest = z.input<typeof holdRequestSchema>;
export type HoldOrder = z.output<typeof holdRequestSchema>;

/** Answer of a hold: the payment in review with none of its votes counted. */
export const holdResponseSchema = z.object({
  paymentId: z.uuid(),
  status: paymentStatusSchema,
  countedVotes: z.number().int(),
});
export type HoldResponse = z.infer<typeof holdResponseSchema>;

/** POST /api/admin/payments/{id}/flags/clear: the organiser finds nothing wrong. */
export const clearFlagsRequestSchema = z
  .object({ reason: refundRequestSchema.shape.reason.optional() })
  .strict();
export type ClearFlagsRequest = z.input<typeof clearFlagsRequestSchema>;
export type ClearFlagsOrder = z.output<typeof clearFlagsRequestSchema>;

/** Answer of a clear: how many open flags were cleared. */
export const clearFlagsResponseSchema = z.object({
  paymentId: z.uuid(),
  cleared: z.number().int(),
});
export type ClearFlagsResponse = z.infer<typeof clearFlagsResponseSchema>;
