import type { PaymentMessage } from '#shared/schemas/payment-messages';

export const MESSAGE_STATES = [
  'queued',
  'retrying',
  'sent',
  'delivered',
  'undeliverable',
  'failed',
  'sandbox',
] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * One word for how far a message got: the gateway's delivery report when there is one (it comes
 * after the send), else the outbox's state; a message still to send that failed an attempt is
 * `retrying`, not `queued`.
 */
export function messageState(
  message: Pick<PaymentMessage, 'state' | 'deliveryStatus' | 'lastError'>,
): MessageState {
  if (message.deliveryStatus === 'delivered') return 'delivered';
  if (message.deliveryStatus === 'undeliverable') return 'undeliverable';
  if (message.state === 'pending') return message.lastError ? 'retrying' : 'queued';
  return message.state;
}
