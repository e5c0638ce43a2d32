import type { MessageChannelKind } from '#shared/schemas/outbox.js';
import type { MessageChannel, OutgoingMessage, SentMessage } from './message-channel.js';

/**
 * The channel of a deployment without a gateway for `kind` (development, a trial, `npm start`):
 * it sends nothing, and the message stays in the outbox marked `sandbox`, where an admin reads it
 * (GET /api/admin/outbox). The whole flow then runs offline.
 */
export class SandboxChannel implements MessageChannel {
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(readonly kind: MessageChannelKind) {}

  send(message: OutgoingMessage): Promise<SentMessage> {
    return Promise.resolve({ gatewayMessageId: `sandbox-${message.id}` });
  }
}
