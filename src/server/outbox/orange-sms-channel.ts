import { z } from 'zod';
import type { OrangeSmsSettings } from '#server/config.js';
import { callGateway, type GatewayAnswer } from './gateway-http.js';
import {
  MessageSendError,
  type MessageChannel,
  type OutgoingMessage,
  type SentMessage,
} from './message-channel.js';

// Orange has sent expires_in both as a number and as a numeric string.
const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

const acceptedSchema = z.object({
  outboundSMSMessageRequest: z.object({ resourceURL: z.string().optional() }).optional(),
});

/** Orange's error body: a service (SVC...) or policy (POL...) exception with a text. */
const exceptionSchema = z.object({ messageId: z.string().optional(), text: z.string().optional() });
const errorSchema = z.object({
  requestError: z
    .object({
      serviceException: exceptionSchema.optional(),
      policyException: exceptionSchema.optional(),
    })
    .optional(),
  // The OAuth endpoint answers in its own shape.
  error: z.string().optional(),
  error_description: z.string().optional(),
  message: z.string().optional(),
  description: z.string().optional(),
});

/** A token is renewed this long before Orange says it ends, so no send races its expiry. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * SMS through Orange's SMS API: an OAuth2 token (client credentials, kept until shortly before it
 * ends, asked again once when a send is refused for it), then one outbound request per message
 * from the account's number. The outbox id goes as `clientCorrelator`, so a repeat after a worker
 * died can be recognised, and as the delivery report's `callbackData`, which is how a report
 * finds its message.
 */
export class OrangeSmsChannel implements MessageChannel {
  readonly kind = 'sms';
  readonly name = 'orange';
  readonly sandbox = false;
  private token: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;

  constructor(
    private readonly settings: OrangeSmsSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<SentMessage> {
    if (signal.aborted) throw new MessageSendError('retryable', 'send abandoned before it began');
    const sender = `tel:${this.settings.senderAddress}`;
    const url = `${this.settings.baseUrl}/smsmessaging/v1/outbound/${encodeURIComponent(sender)}/requests`;
    const body = JSON.stringify({
      outboundSMSMessageRequest: {
        address: `tel:${message.recipient}`,
        senderAddress: sender,
        ...(this.settings.senderName ? { senderName: this.settings.senderName } : {}),
        outboundSMSTextMessage: { message: message.body },
        clientCorrelator: message.id,
        ...(this.settings.notifyUrl
          ? { receiptRequest: { notifyURL: this.settings.notifyUrl, callbackData: message.id } }
          : {}),
      },
    });
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken(signal);
      const answer = await callGateway(
        'Orange',
        url,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body,
        },
        signal,
      );
      // A token Orange no longer takes (expired early, revoked): refused before anything was
      // sent, so asking for a new one and sending again is safe, once.
      if ((answer.status === 401 || answer.status === 403) && attempt === 1) {
        this.token = undefined;
        continue;
      }
      if (answer.status >= 200 && answer.status < 300)
        return { gatewayMessageId: requestId(answer, message.id) };
      throw failure(answer, 'send');
    }
  }

  private accessToken(signal: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return Promise.resolve(this.token.value);
    // Messages sent side by side share one token request.
    this.tokenRequest ??= this.fetchToken(signal).finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async fetchToken(signal: AbortSignal): Promise<string> {
    const { clientId, clientSecret, baseUrl } = this.settings;
    const basic = Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64');
    const answer = await callGateway(
      'Orange',
      `${baseUrl}/oauth/v3/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      signal,
    );
    if (answer.status !== 200) throw failure(answer, 'token');
    const parsed = tokenSchema.safeParse(answer.body);
    if (!parsed.success) throw new MessageSendError('retryable', 'Orange: unreadable token answer');
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    // A short-lived token is kept for half its life rather than not at all.
    const margin = Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2);
    this.token = { value: parsed.data.access_token, expiresAt: this.now() + lifetimeMs - margin };
    return this.token.value;
  }
}

/** The last segment of resourceURL is Orange's id of the request; our id when it gave none. */
function requestId(answer: GatewayAnswer, messageId: string): string {
  const parsed = acceptedSchema.safeParse(answer.body);
  const resource = parsed.success ? parsed.data.outboundSMSMessageRequest?.resourceURL : undefined;
  const last = resource?.replace(/\/+$/, '').split('/').pop();
  if (!last) return messageId;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * How Orange's refusal reads to the outbox: credentials it will not take (after a fresh token),
 * and a request it calls malformed (a number it cannot serve), are final; 429 and 503 ask us to
 * come back later; any other 5xx may pass next time.
 */
function failure(answer: GatewayAnswer, step: 'token' | 'send'): MessageSendError {
  const { status } = answer;
  const text = `Orange ${step} ${status}${detail(answer.body)}`;
  if (status === 429 || status === 503) {
    return new MessageSendError('rate-limited', text, { retryAfterMs: answer.retryAfterMs });
  }
  if (status >= 500) return new MessageSendError('retryable', text);
  return new MessageSendError('permanent', text);
}

function detail(body: unknown): string {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return '';
  const { requestError, error, error_description, message, description } = parsed.data;
  const exception = requestError?.serviceException ?? requestError?.policyException;
  const words = exception
    ? [exception.messageId, exception.text]
    : [error, error_description ?? message ?? description];
  const said = words.filter(Boolean).join(' ');
  return said ? `: ${said.slice(0, 300)}` : '';
}
