import nodemailer from 'nodemailer';
import type SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import type { SmtpSettings } from '#server/config.js';
import {
  MessageSendError,
  type MessageChannel,
  type OutgoingMessage,
  type SentMessage,
} from './message-channel.js';

/** SMTP replies that mean "not now": too many connections or messages, try again later. */
const SLOW_DOWN = new Set([421, 450, 451, 452]);

/**
 * E-mail through an SMTP server (a relay such as the host's, or a provider's SMTP endpoint), over
 * a small pool of connections. The outbox message's id becomes the Message-ID, so a message sent
 * again after a worker died carries the same id, which receiving servers and the relay's logs use
 * to recognise the repeat.
 */
export class SmtpChannel implements MessageChannel {
  readonly kind = 'email';
  readonly name = 'smtp';
  readonly sandbox = false;
  private readonly transport;
  private readonly domain: string;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      pool: true,
      url: settings.url,
      maxConnections: 2,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
    this.domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'palmares.invalid';
  }

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<SentMessage> {
    if (signal.aborted) throw new MessageSendError('retryable', 'send abandoned before it began');
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
        messageId: `<${message.id}@${this.domain}>`,
        headers: { 'Content-Language': message.language },
      });
      return { gatewayMessageId: info.messageId };
    } catch (error) {
      throw smtpFailure(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * How an SMTP failure reads to the outbox: a 4xx reply is temporary (421 and 45x ask us to slow
 * down), a 5xx reply about the message or a recipient is final, and anything without a reply
 * (no connection, a timeout, a refused login) may go once the server or the settings are back.
 */
function smtpFailure(error: unknown): MessageSendError {
  const smtp = error as Partial<SMTPConnection.SMTPError>;
  const code = smtp.responseCode;
  const text = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  if (code !== undefined && SLOW_DOWN.has(code)) {
    return new MessageSendError('rate-limited', `SMTP ${code}: ${text}`, { cause: error });
  }
  if (code !== undefined && code >= 500 && smtp.code !== 'EAUTH') {
    return new MessageSendError('permanent', `SMTP ${code}: ${text}`, { cause: error });
  }
  return new MessageSendError('retryable', text, { cause: error });
}
