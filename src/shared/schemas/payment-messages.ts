import { z } from 'zod';
import { messageChannelKindSchema, outboxMessageSchema } from './outbox.js';

/**
 * One message to a payment's voter as voter tracking shows it: the outbox's message without its
 * text or the gateway's ids; where it went, and how far it got (the outbox's state, then what the
 * gateway's delivery reports said).
 */
export const paymentMessageSchema = outboxMessageSchema.pick({
  id: true,
  channel: true,
  kind: true,
  recipient: true,
  state: true,
  deliveryStatus: true,
  attempts: true,
  lastError: true,
  sentAt: true,
  deliveredAt: true,
  createdAt: true,
});
export type PaymentMessage = z.infer<typeof paymentMessageSchema>;

/**
 * GET /api/admin/payments/{id}/messages, newest first; also the answer of an admin's resend
 * (POST /api/admin/payments/{id}/receipt/resend), with only the copies it wrote.
 */
export const paymentMessagesResponseSchema = z.object({
  messages: z.array(paymentMessageSchema),
});
export type PaymentMessagesResponse = z.infer<typeof paymentMessagesResponseSchema>;

/**
 * POST /api/payment/receipt/{code}/resend: the receipt went again, by these channels, to the
 * phone and e-mail address the payment was made with (never to an address the request names).
 */
export const receiptResendResponseSchema = z.object({
  sent: z.literal(true),
  channels: z.array(messageChannelKindSchema).min(1),
});
export type ReceiptResendResponse = z.infer<typeof receiptResendResponseSchema>;
