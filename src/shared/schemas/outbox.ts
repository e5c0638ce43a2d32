import { z } from 'zod';
import { editionQuerySchema } from './edition.js';
import { LANGUAGES } from '#shared/limits.js';

/** How a message reaches a voter. */
export const MESSAGE_CHANNEL_KINDS = ['sms', 'email'] as const;
export const messageChannelKindSchema = z.enum(MESSAGE_CHANNEL_KINDS);
export type MessageChannelKind = z.infer<typeof messageChannelKindSchema>;

/**
 * Where a message stands: `pending` until delivered (claimed, waiting for a retry, or new),
 * `sent` when a gateway took it, `sandbox` when no gateway is configured and it was only kept
 * here, `failed` when a gateway refused it for good or every attempt failed.
 */
export const OUTBOX_STATES = ['pending', 'sent', 'sandbox', 'failed'] as const;
export const outboxStateSchema = z.enum(OUTBOX_STATES);
export type OutboxState = z.infer<typeof outboxStateSchema>;

/**
 * What a gateway's delivery reports said of a message it took: `submitted` while the network
 * still holds it, then `delivered` (it reached the phone) or `undeliverable` (it never will).
 * A message without reports (e-mail, the sandbox, a gateway that sends none) has none.
 */
export const DELIVERY_STATUSES = ['submitted', 'delivered', 'undeliverable'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const OUTBOX_PAGE_SIZE_MAX = 200;

/**
 * Query of GET /api/admin/outbox: one edition's messages (the current one's when left out),
 * newest first, optionally one payment's messages, one state (the failed ones, on the night) or
 * one channel.
 */
export const outboxQuerySchema = z
  .object({
    ...editionQuerySchema.shape,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(OUTBOX_PAGE_SIZE_MAX).default(50),
    paymentId: z.uuid({ message: 'must be a payment id' }).optional(),
    state: outboxStateSchema.optional(),
    channel: messageChannelKindSchema.optional(),
  })
  .strict();
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  channel: messageChannelKindSchema,
  /** The phone number (+237...) or e-mail address it goes to. */
  recipient: z.string(),
  language: z.enum(LANGUAGES),
  /** receipt, refund, dispute, lookup-code. */
  kind: z.string(),
  paymentId: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  html: z.string().nullable(),
  state: outboxStateSchema,
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime({ offset: true }),
  lastError: z.string().nullable(),
  gatewayMessageId: z.string().nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  deliveryStatus: deliveryStatusSchema.nullable(),
  /** The gateway's own words for the last report that moved the message (status, reason). */
  deliveryDetail: z.string().nullable(),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OutboxMessageView = z.infer<typeof outboxMessageSchema>;

/** One page of the outbox, newest first; `total` counts every message the filter matches. */
/**
 * The site's SMS of the last hour against SMS_BUDGET_PER_HOUR: at the budget, lookup codes and
 * receipts a voter asks again for go by e-mail only, and the Messages tab says so.
 */
export const smsBudgetUseSchema = z.object({
  lastHour: z.number().int().nonnegative(),
  perHour: z.number().int().positive(),
});
export type SmsBudgetUse = z.infer<typeof smsBudgetUseSchema>;

export const outboxResponseSchema = z.object({
  messages: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  smsBudget: smsBudgetUseSchema,
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
