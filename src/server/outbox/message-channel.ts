import type { Language } from '#shared/limits.js';
import type { MessageChannelKind } from '#shared/schemas/outbox.js';

/** A message as a channel sends it: what the outbox stored, with the id that identifies it. */
export interface OutgoingMessage {
  /**
   * The outbox row's id. The same message sent twice (a worker died after the gateway took it,
   * before the outbox recorded it) carries the same id: a channel passes it to its gateway as the
   * idempotency or correlation key, so the repeat can be recognised.
   */
  id: string;
  channel: MessageChannelKind;
  /** An e-mail address, or a phone number in E.164 (+237...). */
  recipient: string;
  language: Language;
  kind: string;
  subject: string | null;
  /** The SMS text, or the e-mail's plain text. */
  body: string;
  html: string | null;
}

/** What a gateway said when it took a message. */
export interface SentMessage {
  /** The gateway's own id of the message, for support requests and delivery reports. */
  gatewayMessageId: string;
  /** What the gateway charged, when it says, in minor units of `currency`. */
  cost?: { amount: number; currency: string };
}

/**
 * One way of reaching voters (an SMS gateway, an SMTP server). `send` resolves once the gateway
 * took the message, or throws a MessageSendError saying whether trying again may help; anything
 * else it throws is taken as retryable. It must give up when `signal` aborts (the outbox's time
 * limit on one send). `sandbox` channels deliver nowhere: the outbox marks their messages
 * `sandbox`, not `sent`.
 */
export interface MessageChannel {
  readonly kind: MessageChannelKind;
  /** For the logs and the metrics: "smtp", "sandbox", "orange"... */
  readonly name: string;
  readonly sandbox: boolean;
  send(message: OutgoingMessage, signal: AbortSignal): Promise<SentMessage>;
  /** Releases connections when the app closes. */
  close?(): Promise<void> | void;
}

export type SendFailureKind =
  /** Worth trying again later: a timeout, a connection refused, a 5xx. */
  | 'retryable'
  /** The gateway asks us to slow down; `retryAfterMs` says when to come back if it said. */
  | 'rate-limited'
  /** Trying again cannot help: a recipient the gateway refuses, a message it will never take. */
  | 'permanent';

/** How a channel says a send failed, and whether and when to try again. */
export class MessageSendError extends Error {
  readonly kind: SendFailureKind;
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: SendFailureKind,
    message: string,
    options: { retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MessageSendError';
    this.kind = kind;
    this.retryAfterMs = options.retryAfterMs;
  }

  get retryable(): boolean {
    return this.kind !== 'permanent';
  }
}
