import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';
import { startHttpFakeServer, type HttpFakeServer } from './http-fake-server.js';

export interface FakeCampayTransaction {
  reference: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  amount: number;
  currency: string;
  operator: 'MTN' | 'ORANGE';
  code: string;
  operator_reference: string | null;
  external_reference: string | null;
  reason: string | null;
  from: string;
  description: string;
}

/** Numbers the fake refuses with a given error code, to exercise every documented refusal. */
export const CAMPAY_INSUFFICIENT_BALANCE_PHONE = '237650000301';

const operatorOf = (national: string): 'MTN' | 'ORANGE' | null =>
  /^6(?:7\d|5[0-4]|8[0-4])/.test(national)
    ? 'MTN'
    : /^6(?:9\d|5[5-9]|8[5-9])/.test(national)
      ? 'ORANGE'
      : null;

/**
 * A local stand-in for Campay's collection API: POST /token/, POST /collect/,
 * GET /transaction/{reference}/, `Authorization: Token ...`, its ER1xx-ER3xx refusals, and the
 * callback it sends (GET or POST, `signature` an HS256 JWT made with the app's webhook key).
 */
export class FakeCampay {
  readonly transactions = new Map<string, FakeCampayTransaction>();
  readonly requests: { method: string; path: string; authorization: string | undefined }[] = [];
  private readonly tokens = new Set<string>();
  private listener: HttpFakeServer | undefined;
  private failures = 0;
  /** Requests being answered right now, and the most there ever were at once. */
  private inFlight = 0;
  maxInFlight = 0;
  /** Answers are held this long (longer than the app's timeout simulates an unresponsive API). */
  delayMs = 0;
  /** Largest accepted amount (Campay demo accounts cap it); larger is ER201. */
  maxAmount = 1_000_000;
  port = 0;

  constructor(
    readonly username = 'campay-user',
    readonly password = 'campay-pass',
    readonly webhookKey = 'campay-webhook-key',
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get env(): Record<string, string> {
    return {
      CAMPAY_BASE_URL: this.url,
      CAMPAY_USERNAME: this.username,
      CAMPAY_PASSWORD: this.password,
      CAMPAY_WEBHOOK_KEY: this.webhookKey,
    };
  }

  async start(): Promise<this> {
    this.listener = await startHttpFakeServer((req, res) => void this.handle(req, res));
    this.port = this.listener.port;
    return this;
  }

  async stop(): Promise<void> {
    await this.listener?.close();
  }

  /** Stops listening, so calls fail to connect, as when Campay is unreachable. */
  async goOffline(): Promise<void> {
    await this.stop();
  }

  /** Listens again on the same port. */
  async goOnline(): Promise<void> {
    await this.listener?.reopen();
  }

  /** A permanent access token, as the Campay dashboard issues. */
  addPermanentToken(token: string): void {
    this.tokens.add(token);
  }

  /** Tokens issued so far stop working, as when they pass their 3600 s lifetime. */
  expireTokens(): void {
    this.tokens.clear();
  }

  failNext(count: number): void {
    this.failures = count;
  }

  byExternalReference(externalReference: string): FakeCampayTransaction | undefined {
    return [...this.transactions.values()].find((t) => t.external_reference === externalReference);
  }

  /** The voter approves the prompt. */
  complete(reference: string): FakeCampayTransaction {
    const tx = this.mustGet(reference);
    tx.status = 'SUCCESSFUL';
    tx.operator_reference = `MP${randomBytes(6).toString('hex').toUpperCase()}`;
    return tx;
  }

  /** The voter declines or the operator refuses. */
  fail(reference: string, reason = 'Payment declined by the user'): FakeCampayTransaction {
    const tx = this.mustGet(reference);
    tx.status = 'FAILED';
    tx.reason = reason;
    return tx;
  }

  /**
   * The callback Campay would send for `reference`, as an inject/fetch request. The JWT is signed
   * with `key` (a wrong key makes a forged callback); `claims` replaces its payload (a token made
   * for something else, an expired one, an empty one).
   */
  async callback(
    reference: string,
    options: {
      method?: 'GET' | 'POST';
      key?: string;
      path?: string;
      claims?: Record<string, unknown>;
    } = {},
  ): Promise<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, string> }> {
    const tx = this.mustGet(reference);
    const signature = await new SignJWT(
      options.claims ?? { reference: tx.reference, status: tx.status },
    )
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(options.key ?? this.webhookKey));
    const fields: Record<string, string> = {
      status: tx.status,
      reference: tx.reference,
      amount: String(tx.amount),
      currency: tx.currency,
      operator: tx.operator,
      code: tx.code,
      operator_reference: tx.operator_reference ?? '',
      external_reference: tx.external_reference ?? '',
      signature,
    };
    const path = options.path ?? '/api/webhooks/campay';
    if ((options.method ?? 'POST') === 'GET') {
      return { method: 'GET', url: `${path}?${new URLSearchParams(fields).toString()}` };
    }
    return { method: 'POST', url: path, payload: fields };
  }

  private mustGet(reference: string): FakeCampayTransaction {
    const tx = this.transactions.get(reference);
    if (!tx) throw new Error(`fake Campay: no transaction ${reference}`);
    return tx;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
    });
    // The request is processed at once and only the answer is late, as when Campay acted but the
    // reply was lost to a timeout: the transaction exists even though the app gave up waiting.
    const delay = this.delayMs;
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    // Answered, or given up by the client (its timeout closed the connection): no longer in flight.
    let answered = false;
    const finish = () => {
      if (!answered) this.inFlight--;
      answered = true;
    };
    res.once('close', finish);
    const send = (status: number, body: unknown) => {
      const write = () => {
        finish();
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (delay) setTimeout(write, delay);
      else write();
    };
    if (this.failures > 0) {
      this.failures--;
      send(500, { message: 'Internal server error' });
      return;
    }
    const body = jsonBody(Buffer.concat(chunks).toString('utf8'));
    if (!body) {
      send(400, { message: 'JSON parse error' });
      return;
    }

    if (req.method === 'POST' && url.pathname === '/api/token/') {
      if (body.username !== this.username || body.password !== this.password) {
        send(400, { non_field_errors: ['Unable to log in with provided credentials.'] });
        return;
      }
      const token = randomBytes(20).toString('hex');
      this.tokens.add(token);
      send(200, { token, expires_in: 3600 });
      return;
    }

    const token = /^Token (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token)) {
      send(401, { detail: 'Invalid token.' });
      return;
    }

    if (req.method === 'POST' && url.pathname === '/api/collect/') {
      const from = String(body.from ?? '');
      if (!/^237\d{9}$/.test(from)) {
        send(400, { message: 'Invalid phone number', error_code: 'ER101' });
        return;
      }
      const operator = operatorOf(from.slice(3));
      if (!operator) {
        send(400, { message: 'Unsupported phone number operator', error_code: 'ER102' });
        return;
      }
      const amount = Number(body.amount);
      if (
        !Number.isInteger(amount) ||
        amount <= 0 ||
        amount > this.maxAmount ||
        body.currency !== 'XAF'
      ) {
        send(400, { message: 'Invalid amount', error_code: 'ER201' });
        return;
      }
      if (from === CAMPAY_INSUFFICIENT_BALANCE_PHONE) {
        send(400, { message: 'Insufficient balance', error_code: 'ER301' });
        return;
      }
      const reference = randomUUID();
      this.transactions.set(reference, {
        reference,
        status: 'PENDING',
        amount,
        currency: 'XAF',
        operator,
        code: `CP${randomBytes(4).toString('hex').toUpperCase()}`,
        operator_reference: null,
        external_reference:
          typeof body.external_reference === 'string' ? body.external_reference : null,
        reason: null,
        from,
        description: String(body.description ?? ''),
      });
      send(200, { reference, ussd_code: operator === 'MTN' ? '*126#' : '#150*50#', operator });
      return;
    }

    const txMatch = /^\/api\/transaction\/([^/]+)\/$/.exec(url.pathname);
    if (req.method === 'GET' && txMatch) {
      const tx = this.transactions.get(decodeURIComponent(txMatch[1]!));
      if (!tx) {
        send(404, { message: 'Transaction not found' });
        return;
      }
      const { from: _from, description: _description, ...wire } = tx;
      send(200, wire);
      return;
    }
    send(404, { detail: 'Not found.' });
  }
}

function jsonBody(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
