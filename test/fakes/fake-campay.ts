import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';
import { startHttpFakeServer, type HttpFakeServer } from './http-fake-server.js';

export interface FakeCampayTransaction {
  reference: string;
  /** Which API made it: a collection from a voter, or a withdrawal to a number. */
  endpoint: 'collect' | 'withdraw';
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  amount: number;
  currency: string;
  operator: 'MTN' | 'ORANGE';
  code: string;
  operator_reference: string | null;
  external_reference: string | null;
  reason: string | null;
  /** The voter's number (a collection) or the recipient's (a withdrawal). */
  phoneNumber: string;
  description: string;
  /** Campay's charge, as its history reports it (fractional XAF). */
  charge: number;
  createdAt: Date;
}

/** What a voter's empty wallet looks like: the prompt is sent, then the transaction fails. */
export const CAMPAY_LOW_BALANCE_REASON = 'Insufficient balance on the payer account';

const operatorOf = (national: string): 'MTN' | 'ORANGE' | null =>
  /^6(?:7\d|5[0-4]|8[0-4])/.test(national)
    ? 'MTN'
    : /^6(?:9\d|5[5-9]|8[5-9])/.test(national)
      ? 'ORANGE'
      : null;

/**
 * A local stand-in for Campay's API: POST /token/, POST /collect/, POST /withdraw/,
 * GET /transaction/{reference}/, POST /history/ (a date range), GET /balance/, with
 * `Authorization: Token ...`, its documented refusals (ER101 number, ER102 carrier, ER201 amount
 * on any request; ER301 only on a withdrawal above the app's balance for that carrier), and the
 * callback it sends (GET or POST, every field a string, `endpoint` saying which API the
 * transaction came from, `signature` an HS256 JWT made with the app's webhook key).
 *
 * As Campay does, it answers each path with or without its trailing slash, takes bodies as JSON
 * or as a form, and takes amounts as integers or numeric strings (Campay's Python SDK sends
 * strings, its Go SDK numbers). A transaction's amount is a JSON number, as Campay documents it
 * (`"amount": 5`) and both SDKs read it; `transactionAmountsAsText` sends it as a numeric string
 * instead, which Campay's Go SDK has taken too since it made the field untyped. A voter's empty
 * wallet or refusal is no refusal of the request: the prompt goes out and the transaction later
 * turns FAILED with a reason (`fail()`).
 */
export class FakeCampay {
  readonly transactions = new Map<string, FakeCampayTransaction>();
  /** The app's balance per carrier: collections credit it (less the charge), withdrawals debit it. */
  readonly balances = { MTN: 0, ORANGE: 0 };
  /** Campay's charge on each transaction, as a share of its amount. */
  chargeRate = 0.01;
  readonly requests: { method: string; path: string; authorization: string | undefined }[] = [];
  private readonly tokens = new Set<string>();
  private listener: HttpFakeServer | undefined;
  private failures = 0;
  private losses = 0;
  /** Requests being answered right now, and the most there ever were at once. */
  private inFlight = 0;
  maxInFlight = 0;
  /** Answers are held this long (longer than the app's timeout simulates an unresponsive API). */
  delayMs = 0;
  /** When set, only requests whose path matches are held (a slow withdrawal, say). */
  delayOnly: RegExp | null = null;
  /** History amounts (amount, charge, debit, credit) as numeric strings, as some Campay answers have them. */
  historyAmountsAsText = false;
  /** GET /transaction/{reference}/ sends `amount` as a numeric string ("100") instead of a number. */
  transactionAmountsAsText = false;
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

  /**
   * Stops listening, so calls fail to connect, as when Campay is unreachable. Returns once a client
   * in this process has seen its open connections closed (an I/O turn of the event loop), as it
   * would have long before its next request in a real outage.
   */
  async goOffline(): Promise<void> {
    await this.stop();
    await new Promise((resolve) => setImmediate(resolve));
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

  /**
   * The next `count` requests are lost on their way to Campay (a proxy in front of it gave up, say):
   * never processed, never answered, so the client's own timeout ends each.
   */
  loseNext(count: number): void {
    this.losses = count;
  }

  byExternalReference(externalReference: string): FakeCampayTransaction | undefined {
    return [...this.transactions.values()].find((t) => t.external_reference === externalReference);
  }

  /** The voter approves the prompt (a collection), or the money reaches the number (a withdrawal). */
  complete(reference: string): FakeCampayTransaction {
    const tx = this.mustGet(reference);
    if (tx.status !== 'PENDING') return tx;
    tx.status = 'SUCCESSFUL';
    tx.operator_reference = `MP${randomBytes(6).toString('hex').toUpperCase()}`;
    if (tx.endpoint === 'collect') this.balances[tx.operator] += tx.amount - tx.charge;
    return tx;
  }

  /** The voter declines, their wallet is short (`CAMPAY_LOW_BALANCE_REASON`), or the operator refuses. */
  fail(reference: string, reason = 'Payment declined by the user'): FakeCampayTransaction {
    const tx = this.mustGet(reference);
    if (tx.status !== 'PENDING') return tx;
    tx.status = 'FAILED';
    tx.reason = reason;
    // A withdrawal that did not go through gives the app its money back.
    if (tx.endpoint === 'withdraw') this.balances[tx.operator] += tx.amount + tx.charge;
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
      /** Replaces or adds callback fields (a forged `reference`); null leaves one out. */
      fields?: Record<string, string | null>;
    } = {},
  ): Promise<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, string> }> {
    const tx = this.mustGet(reference);
    const signature = await new SignJWT(
      options.claims ?? { reference: tx.reference, status: tx.status },
    )
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(options.key ?? this.webhookKey));
    // Every value a string, amounts included, whether sent as a query or a body.
    const fields: Record<string, string> = {
      status: tx.status,
      reference: tx.reference,
      amount: String(tx.amount),
      currency: tx.currency,
      operator: tx.operator,
      code: tx.code,
      operator_reference: tx.operator_reference ?? '',
      endpoint: tx.endpoint,
      external_reference: tx.external_reference ?? '',
      external_user: '',
      reason: tx.reason ?? '',
    };
    for (const [name, value] of Object.entries(options.fields ?? {})) {
      if (value === null) delete fields[name];
      else fields[name] = value;
    }
    fields.signature = signature;
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
    if (this.losses > 0) {
      this.losses--;
      return;
    }
    // The request is processed at once and only the answer is late, as when Campay acted but the
    // reply was lost to a timeout: the transaction exists even though the app gave up waiting.
    const delay = !this.delayOnly || this.delayOnly.test(url.pathname) ? this.delayMs : 0;
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
    const body = requestBody(
      Buffer.concat(chunks).toString('utf8'),
      req.headers['content-type'] ?? '',
    );
    if (!body) {
      send(400, { message: 'JSON parse error' });
      return;
    }
    // With or without the trailing slash, as Campay answers both.
    const path = url.pathname.replace(/\/+$/, '');
    const method = req.method ?? 'GET';

    if (method === 'POST' && path === '/api/token') {
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

    if (method === 'POST' && (path === '/api/collect' || path === '/api/withdraw')) {
      const endpoint = path === '/api/collect' ? 'collect' : 'withdraw';
      const phoneNumber = String((endpoint === 'collect' ? body.from : body.to) ?? '');
      const refusal = this.refusal(endpoint, phoneNumber, body);
      if (refusal) {
        send(400, refusal);
        return;
      }
      const operator = operatorOf(phoneNumber.slice(3))!;
      const amount = Number(body.amount);
      const charge = Math.round(amount * this.chargeRate * 100) / 100;
      const reference = randomUUID();
      this.transactions.set(reference, {
        reference,
        endpoint,
        status: 'PENDING',
        amount,
        currency: 'XAF',
        operator,
        code: `CP${randomBytes(4).toString('hex').toUpperCase()}`,
        operator_reference: null,
        external_reference:
          typeof body.external_reference === 'string' ? body.external_reference : null,
        reason: null,
        phoneNumber,
        description: String(body.description ?? ''),
        charge,
        createdAt: new Date(),
      });
      if (endpoint === 'withdraw') {
        // Held from the balance at once, so two withdrawals cannot both spend it.
        this.balances[operator] -= amount + charge;
        send(200, { reference, status: 'PENDING' });
        return;
      }
      send(200, { reference, ussd_code: operator === 'MTN' ? '*126#' : '#150*50#', operator });
      return;
    }

    const txMatch = /^\/api\/transaction\/([^/]+)$/.exec(path);
    if (method === 'GET' && txMatch) {
      const tx = this.transactions.get(decodeURIComponent(txMatch[1]!));
      if (!tx) {
        send(404, { message: 'Transaction not found' });
        return;
      }
      send(200, {
        reference: tx.reference,
        status: tx.status,
        amount: this.transactionAmountsAsText ? String(tx.amount) : tx.amount,
        currency: tx.currency,
        operator: tx.operator,
        code: tx.code,
        operator_reference: tx.operator_reference,
        external_reference: tx.external_reference,
        reason: tx.reason,
      });
      return;
    }

    if (method === 'POST' && path === '/api/history') {
      const from = isoDay(body.start_date);
      const to = isoDay(body.end_date);
      if (!from || !to) {
        send(400, { message: 'start_date and end_date are required as YYYY-MM-DD' });
        return;
      }
      // Whole days, both ends included, newest first.
      const data = [...this.transactions.values()]
        .filter((tx) => {
          const day = tx.createdAt.toISOString().slice(0, 10);
          return day >= from && day <= to;
        })
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((tx) => historyEntry(tx, this.historyAmountsAsText));
      send(200, { data });
      return;
    }

    if (method === 'GET' && path === '/api/balance') {
      const xaf = (value: number) => Math.round(value * 100) / 100;
      send(200, {
        total_balance: xaf(this.balances.MTN + this.balances.ORANGE),
        mtn_balance: xaf(this.balances.MTN),
        orange_balance: xaf(this.balances.ORANGE),
        currency: 'XAF',
      });
      return;
    }
    send(404, { detail: 'Not found.' });
  }

  /** Campay's documented refusals of a collect or withdraw request, checked in its order. */
  private refusal(
    endpoint: 'collect' | 'withdraw',
    phoneNumber: string,
    body: Record<string, unknown>,
  ): { message: string; error_code: string } | null {
    if (!/^237\d{9}$/.test(phoneNumber)) {
      return { message: 'Invalid phone number', error_code: 'ER101' };
    }
    const operator = operatorOf(phoneNumber.slice(3));
    if (!operator) return { message: 'Unsupported phone number operator', error_code: 'ER102' };
    // An integer, or a string of one; no decimals.
    const amount =
      typeof body.amount === 'string' && body.amount.trim() ? Number(body.amount) : body.amount;
    if (
      typeof amount !== 'number' ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      amount > this.maxAmount ||
      (body.currency !== undefined && body.currency !== 'XAF')
    ) {
      return { message: 'Invalid amount', error_code: 'ER201' };
    }
    const charge = Math.round(amount * this.chargeRate * 100) / 100;
    if (endpoint === 'withdraw' && amount + charge > this.balances[operator]) {
      return { message: 'Insufficient balance', error_code: 'ER301' };
    }
    return null;
  }
}

function historyEntry(tx: FakeCampayTransaction, amountsAsText: boolean) {
  const collected = tx.endpoint === 'collect' && tx.status === 'SUCCESSFUL';
  const withdrawn = tx.endpoint === 'withdraw' && tx.status !== 'FAILED';
  const xaf = (value: number) => (amountsAsText ? value.toFixed(2) : value);
  return {
    // Microseconds and Z, as the history sample in Campay's Go SDK has it (…T09:52:34.876707Z).
    datetime: tx.createdAt.toISOString().replace(/Z$/, '000Z'),
    code: tx.code,
    operator_tx_code: tx.operator_reference ?? '',
    operator: tx.operator === 'MTN' ? 'MTN' : 'Orange',
    phone_number: tx.phoneNumber,
    description: tx.description,
    external_user: '',
    amount: xaf(tx.amount),
    charge_amount: xaf(tx.charge),
    debit: xaf(withdrawn ? tx.amount + tx.charge : 0),
    credit: xaf(collected ? tx.amount - tx.charge : 0),
    status: tx.status,
    reference_uuid: tx.reference,
  };
}

function isoDay(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** A JSON body, or a form (some clients post the history range as one). */
function requestBody(text: string, contentType: string): Record<string, unknown> | null {
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return jsonBody(text);
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
