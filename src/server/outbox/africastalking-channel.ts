import { z } from 'zod';
import type { AfricasTalkingSettings } from '#server/config.js';
import { callGateway, type GatewayAnswer } from './gateway-http.js';
import {
  MessageSendError,
  type MessageChannel,
  type OutgoingMessage,
  type SentMessage,
} from './message-channel.js';

const recipientSchema = z.object({
  statusCode: z.coerce.number().int(),
  number: z.string().optional(),
  status: z.string().optional(),
  cost: z.string().optional(),
  messageId: z.string().optional(),
});
const answerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(recipientSchema).default([]),
  }),
});

/** ISO 4217 codes this runtime knows, each with its number of minor digits. */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Per-recipient codes that mean the message was taken (processed, sent, queued). */
const ACCEPTED = new Set([100, 101, 102]);
/** The gateway's own trouble: the same message may pass later. */
const RETRYABLE = new Set([500, 501, 502]);

/**
 * SMS through Africa's Talking's messaging API (one recipient per request, form-encoded, the API
 * key in a header). Their API takes no key of ours for a message, so the outbox id is sent as an
 * `Idempotency-Key` header, where their logs keep it; delivery reports name the message by the
 * messageId they give back, which the outbox records as the gateway's id.
 */
export class AfricasTalkingChannel implements MessageChannel {
  readonly kind = 'sms';
  readonly name = 'africastalking';
  readonly sandbox = false;

  constructor(private readonly settings: AfricasTalkingSettings) {}

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<SentMessage> {
    if (signal.aborted) throw new MessageSendError('retryable', 'send abandoned before it began');
    const form = new URLSearchParams({
      username: this.settings.username,
      to: message.recipient,
      message: message.body,
    });
    if (this.settings.senderId) form.set('from', this.settings.senderId);
    const answer = await callGateway(
      "Africa's Talking",
      `${this.settings.baseUrl}/version1/messaging`,
      {
        method: 'POST',
        headers: {
          apiKey: this.settings.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': message.id,
        },
        body: form.toString(),
      },
      signal,
    );
    if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer);
    const parsed = answerSchema.safeParse(answer.body);
    // Taken or not, we cannot tell: sending again is the safer mistake for a receipt.
    if (!parsed.success)
      throw new MessageSendError('retryable', "Africa's Talking: unreadable answer");
    const { Message: summary, Recipients: recipients } = parsed.data.SMSMessageData;
    const [recipient] = recipients;
    if (!recipient) {
      // Nobody was sent to: the summary says why (an unknown sender id, a number it cannot read).
      throw new MessageSendError(
        'permanent',
        `Africa's Talking: ${summary ?? 'no recipient taken'}`,
      );
    }
    const said = `Africa's Talking ${recipient.statusCode} ${recipient.status ?? ''}`.trim();
    if (RETRYABLE.has(recipient.statusCode)) throw new MessageSendError('retryable', said);
    if (!ACCEPTED.has(recipient.statusCode) || !recipient.messageId) {
      throw new MessageSendError('permanent', said);
    }
    const cost = parseCost(recipient.cost);
    return { gatewayMessageId: recipient.messageId, ...(cost ? { cost } : {}) };
  }
}

/** 401 is a key they will not take; 429 asks us to slow down; 5xx may pass later. */
function httpFailure(answer: GatewayAnswer): MessageSendError {
  const text = `Africa's Talking HTTP ${answer.status}${typeof answer.body === 'string' ? `: ${answer.body}` : ''}`;
  if (answer.status === 429) {
    return new MessageSendError('rate-limited', text, { retryAfterMs: answer.retryAfterMs });
  }
  if (answer.status >= 500) return new MessageSendError('retryable', text);
  return new MessageSendError('permanent', text);
}

/**
 * "XAF 25.0000" in the currency's minor units (XAF has none: 25; "KES 0.8000" would be 80).
 * Undefined when absent, zero, or unreadable: a cost we cannot read is not a cost of 0.
 */
export function parseCost(
  cost: string | undefined,
): { amount: number; currency: string } | undefined {
  const match = /^([A-Z]{3})\s+(\d+(?:\.\d+)?)$/.exec(cost?.trim() ?? '');
  if (!match) return undefined;
  const [, currency = '', value = ''] = match;
  if (!KNOWN_CURRENCIES.has(currency)) return undefined;
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const amount = Math.round(Number(value) * 10 ** digits);
  return amount > 0 ? { amount, currency } : undefined;
}
