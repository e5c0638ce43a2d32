import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { startHttpFakeServer, type HttpFakeServer } from './http-fake-server.js';

/** What the next send request meets instead of being served. */
export type AfricasTalkingTrouble =
  | 'fail'
  | 'hang'
  | 'rate-limit'
  /** 201, but the recipient's statusCode is 501 GatewayError. */
  | 'gateway-error'
  /** 201, but the recipient's statusCode is 405 InsufficientBalance. */
  | 'no-balance';

/** One SMS the fake took. */
export interface AfricasTalkingSms {
  messageId: string;
  username: string;
  to: string;
  message: string;
  from: string | undefined;
  idempotencyKey: string | undefined;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * A local stand-in for Africa's Talking's messaging API: POST /version1/messaging with the
 * `apiKey` header and a form body (username, to, message, optional from), answered 201 with
 * SMSMessageData: a summary and one entry per recipient carrying its statusCode, status, cost
 * ("XAF 25.0000") and messageId. Like the real one it takes no key of ours: a repeated message is
 * sent again (the Idempotency-Key header is only recorded). Scriptable: HTTP 500, no answer, 429
 * with Retry-After, a recipient refused (403 InvalidPhoneNumber), a gateway error (501) or an
 * empty balance (405) for one recipient.
 */
export class FakeAfricasTalking {
  readonly sent: AfricasTalkingSms[] = [];
  readonly refusedNumbers = new Set<string>();
  readonly trouble: AfricasTalkingTrouble[] = [];
  costPerMessage = 25;
  currency = 'XAF';
  retryAfterSeconds = 20;
  private listener: HttpFakeServer | undefined;
  private arrivals: (() => void)[] = [];

  constructor(
    readonly username = 'palmares',
    readonly apiKey = 'at-api-key',
  ) {}

  get url(): string {
    if (!this.listener) throw new Error('FakeAfricasTalking not started');
    return this.listener.origin;
  }

  async start(): Promise<this> {
    this.listener = await startHttpFakeServer((req, res) => void this.handle(req, res));
    return this;
  }

  async stop(): Promise<void> {
    await this.listener?.close();
  }

  nextSend(): Promise<void> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  /** The form Africa's Talking posts to the callback URL once the network says `status`. */
  deliveryReport(sms: AfricasTalkingSms, status: string, failureReason?: string): string {
    const form = new URLSearchParams({
      id: sms.messageId,
      status,
      phoneNumber: sms.to,
      networkCode: '62402',
      retryCount: '0',
    });
    if (failureReason) form.set('failureReason', failureReason);
    return form.toString();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method !== 'POST' || path !== '/version1/messaging') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('Not Found');
    }
    for (const arrived of this.arrivals.splice(0)) arrived();
    if (req.headers.apikey !== this.apiKey) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return void res.end('The supplied authentication is invalid');
    }
    const trouble = this.trouble.shift();
    if (trouble === 'hang') return;
    if (trouble === 'fail') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return void res.end('Internal Server Error');
    }
    if (trouble === 'rate-limit') {
      res.writeHead(429, {
        'content-type': 'text/plain',
        'retry-after': String(this.retryAfterSeconds),
      });
      return void res.end('Too Many Requests');
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const [username, to, message] = ['username', 'to', 'message'].map((k) => form.get(k));
    if (
      !/application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '') ||
      username !== this.username ||
      !to ||
      !message
    ) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return void res.end('Request is missing required form field');
    }
    const recipient = (statusCode: number, status: string, messageId = 'None', cost = '0') => ({
      statusCode,
      number: to,
      status,
      cost,
      messageId,
    });
    let entry;
    if (!/^\+\d{8,15}$/.test(to) || this.refusedNumbers.has(to)) {
      entry = recipient(403, 'InvalidPhoneNumber');
    } else if (trouble === 'gateway-error') {
      entry = recipient(501, 'GatewayError');
    } else if (trouble === 'no-balance') {
      entry = recipient(405, 'InsufficientBalance');
    } else {
      const sms: AfricasTalkingSms = {
        messageId: `ATXid_${randomBytes(16).toString('hex')}`,
        username,
        to,
        message,
        from: form.get('from') ?? undefined,
        idempotencyKey: header(req, 'idempotency-key'),
      };
      this.sent.push(sms);
      const cost = `${this.currency} ${this.costPerMessage.toFixed(4)}`;
      entry = recipient(101, 'Success', sms.messageId, cost);
    }
    const accepted = entry.statusCode === 101 ? 1 : 0;
    json(res, 201, {
      SMSMessageData: {
        Message: accepted
          ? `Sent to 1/1 Total Cost: ${entry.cost}`
          : `Sent to 0/1 Total Cost: ${this.currency} 0`,
        Recipients: [entry],
      },
    });
  }
}

const header = (req: http.IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};
