import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { startHttpFakeServer, type HttpFakeServer } from './http-fake-server.js';

/** What the next send request meets instead of being served. */
export type OrangeTrouble = 'fail' | 'hang' | 'rate-limit' | 'busy';

/** One SMS the fake took, as Orange would keep it. */
export interface OrangeSmsRequest {
  requestId: string;
  clientCorrelator: string | undefined;
  address: string;
  senderAddress: string;
  senderName: string | undefined;
  message: string;
  notifyURL: string | undefined;
  callbackData: string | undefined;
  /** How many times this request was posted (a repeat with the same clientCorrelator adds one). */
  posted: number;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const serviceException = (messageId: string, text: string) => ({
  requestError: { serviceException: { messageId, text } },
});

/**
 * A local stand-in for Orange's SMS API: POST /oauth/v3/token (client credentials in Basic auth,
 * a form body, a bearer token whose `expires_in` comes as a numeric string, as Orange sends it),
 * and POST /smsmessaging/v1/outbound/{tel:+sender}/requests with the JSON request Orange
 * documents, answered 201 with the request and its resourceURL. A clientCorrelator seen before
 * gets the first request back instead of a second SMS. Scriptable: a send may fail (500), hang,
 * be rate-limited (429 or 503 with Retry-After), meet a token that expired (401 once), or name a
 * number it refuses (400, SVC0004).
 */
export class FakeOrangeSms {
  readonly requests: OrangeSmsRequest[] = [];
  /** Every request as it came: path and Authorization. */
  readonly calls: { path: string; authorization: string | undefined }[] = [];
  readonly refusedNumbers = new Set<string>();
  /** What the next sends meet, one entry each, in order. */
  readonly trouble: OrangeTrouble[] = [];
  /** Seconds a token lasts, as the token answer says. */
  tokenLifetimeSeconds = 3600;
  retryAfterSeconds = 30;
  tokensIssued = 0;
  /** False: every token is refused on a send, fresh ones included (a revoked subscription). */
  acceptTokens = true;
  private readonly tokens = new Set<string>();
  private listener: HttpFakeServer | undefined;
  /** Resolved when a send request arrives (after its body is read). */
  private arrivals: (() => void)[] = [];

  constructor(
    readonly clientId = 'orange-client',
    readonly clientSecret = 'orange-secret',
  ) {}

  get url(): string {
    if (!this.listener) throw new Error('FakeOrangeSms not started');
    return this.listener.origin;
  }

  async start(): Promise<this> {
    this.listener = await startHttpFakeServer((req, res) => void this.handle(req, res));
    return this;
  }

  async stop(): Promise<void> {
    await this.listener?.close();
  }

  /** Every token issued so far stops working, as an expired one does. */
  expireTokens(): void {
    this.tokens.clear();
  }

  /** Resolves once the next send request has reached the fake. */
  nextSend(): Promise<void> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  /** The SMS taken for `clientCorrelator`, if any. */
  sentFor(clientCorrelator: string): OrangeSmsRequest | undefined {
    return this.requests.find((r) => r.clientCorrelator === clientCorrelator);
  }

  /** The notification Orange posts to the request's notifyURL once the network says `status`. */
  deliveryReport(request: OrangeSmsRequest, deliveryStatus: string) {
    if (!request.notifyURL) throw new Error('the request asked for no delivery report');
    const url = new URL(request.notifyURL);
    return {
      url: `${url.pathname}${url.search}`,
      body: {
        deliveryInfoNotification: {
          callbackData: request.callbackData,
          deliveryInfo: { address: request.address, deliveryStatus },
        },
      },
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.calls.push({ path, authorization: req.headers.authorization });
    if (req.method === 'POST' && path === '/oauth/v3/token') return this.token(req, body, res);
    const send = /^\/smsmessaging\/v1\/outbound\/([^/]+)\/requests$/.exec(path);
    if (req.method === 'POST' && send)
      return this.send(req, decodeURIComponent(send[1]!), body, res);
    json(res, 404, { code: 60, message: 'Resource not found' });
  }

  private token(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    const expected = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
    if (req.headers.authorization !== `Basic ${expected}`) {
      return json(res, 401, { error: 'invalid_client', error_description: 'Invalid credentials' });
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    const token = randomBytes(12).toString('hex');
    this.tokens.add(token);
    this.tokensIssued += 1;
    json(res, 200, {
      token_type: 'Bearer',
      access_token: token,
      expires_in: String(this.tokenLifetimeSeconds),
    });
  }

  private send(
    req: http.IncomingMessage,
    senderInPath: string,
    body: string,
    res: http.ServerResponse,
  ): void {
    for (const arrived of this.arrivals.splice(0)) arrived();
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token) || !this.acceptTokens) {
      return json(res, 401, {
        code: 42,
        message: 'Expired credentials',
        description:
          'The requested service needs credentials, and the ones provided were out-of-date.',
      });
    }
    const trouble = this.trouble.shift();
    if (trouble === 'hang') return;
    if (trouble === 'fail') return json(res, 500, { code: 1, message: 'Internal error' });
    if (trouble === 'rate-limit' || trouble === 'busy') {
      return json(
        res,
        trouble === 'busy' ? 503 : 429,
        { code: 53, message: 'Too many requests' },
        { 'retry-after': String(this.retryAfterSeconds) },
      );
    }
    let parsed: { outboundSMSMessageRequest?: Record<string, unknown> };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return json(res, 400, serviceException('SVC0001', 'Invalid JSON'));
    }
    const request = parsed.outboundSMSMessageRequest ?? {};
    const text = (request.outboundSMSTextMessage as { message?: unknown } | undefined)?.message;
    const receipt = request.receiptRequest as
      { notifyURL?: unknown; callbackData?: unknown } | undefined;
    const address = request.address;
    if (
      typeof address !== 'string' ||
      !/^tel:\+\d{8,15}$/.test(address) ||
      this.refusedNumbers.has(address.slice(4))
    ) {
      return json(
        res,
        400,
        serviceException('SVC0004', 'No valid addresses provided in message part address'),
      );
    }
    if (request.senderAddress !== senderInPath || typeof text !== 'string' || text === '') {
      return json(res, 400, serviceException('SVC0002', 'Invalid input value for message part'));
    }
    const correlator =
      typeof request.clientCorrelator === 'string' ? request.clientCorrelator : undefined;
    let taken = correlator ? this.sentFor(correlator) : undefined;
    if (taken) {
      taken.posted += 1;
    } else {
      taken = {
        requestId: randomBytes(8).toString('hex'),
        clientCorrelator: correlator,
        address,
        senderAddress: senderInPath,
        senderName: typeof request.senderName === 'string' ? request.senderName : undefined,
        message: text,
        notifyURL: typeof receipt?.notifyURL === 'string' ? receipt.notifyURL : undefined,
        callbackData: typeof receipt?.callbackData === 'string' ? receipt.callbackData : undefined,
        posted: 1,
      };
      this.requests.push(taken);
    }
    const resourceURL = `${this.url}/smsmessaging/v1/outbound/${encodeURIComponent(senderInPath)}/requests/${taken.requestId}`;
    json(res, 201, { outboundSMSMessageRequest: { ...request, resourceURL } });
  }
}
