import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import Stripe from 'stripe';
import { decodeStripeForm, type FormValue } from './stripe-form.js';
import { startHttpFakeServer, type HttpFakeServer } from './http-fake-server.js';

/** The PaymentIntent fields the app reads, with Stripe's names and types. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  livemode: false;
  payment_method: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  cancellation_reason: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: FakeIntent };
}

/** Stripe's test payment methods: what confirming with each does. */
const TEST_PAYMENT_METHODS: Record<
  string,
  { decline?: { code: string; decline_code: string; message: string } }
> = {
  pm_card_visa: {},
  pm_card_mastercard: {},
  pm_card_chargeDeclined: {
    decline: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
};

const UPDATABLE = new Set(['requires_payment_method', 'requires_confirmation']);
const MIN_AMOUNT: Record<string, number> = { usd: 50 };

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      code?: string;
      param?: string;
      message: string;
      [k: string]: unknown;
    },
  ) {
    super(body.message);
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);

/**
 * A local stand-in for the part of Stripe's REST API the app uses, faithful to the wire protocol:
 * form-encoded bodies, Bearer auth, Idempotency-Key replay and conflict, Stripe's error objects,
 * PaymentIntent create/update/retrieve/confirm/cancel with its state rules, and signed events.
 * Drive it with the real `stripe` SDK (host/port/protocol options).
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly events: FakeEvent[] = [];
  /** Every request seen, for assertions on idempotency keys and parameters. */
  readonly requests: {
    method: string;
    path: string;
    idempotencyKey: string | null;
    params: Record<string, FormValue>;
  }[] = [];
  private readonly idempotent = new Map<
    string,
    { fingerprint: string; status: number; body: string }
  >();
  private listener: HttpFakeServer | undefined;
  private failures = 0;
  port = 0;

  constructor(
    readonly secretKey = 'sk_test_fake',
    readonly webhookSecret = 'whsec_fake',
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The env the app needs to talk to this fake. */
  get env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_URL: this.url,
    };
  }

  /** An SDK client pointed here, playing the browser's part (Stripe.js confirming the intent). */
  client(): Stripe {
    return new Stripe(this.secretKey, {
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  }

  async start(): Promise<this> {
    this.listener = await startHttpFakeServer((req, res) => void this.handle(req, res));
    this.port = this.listener.port;
    return this;
  }

  async stop(): Promise<void> {
    await this.listener?.close();
  }

  /** The next `count` API calls answer 500 api_error (the SDK's retries see them too). */
  failNext(count: number): void {
    this.failures = count;
  }

  /** A signed delivery of `event`, exactly as Stripe would POST it. */
  signed(event: FakeEvent, secret = this.webhookSecret): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, signature };
  }

  eventsFor(intentId: string, type?: string): FakeEvent[] {
    return this.events.filter((e) => e.data.object.id === intentId && (!type || e.type === type));
  }

  /** Marks an intent paid without a confirm call (a payment finished on Stripe's side). */
  succeed(intentId: string): FakeEvent {
    const intent = this.mustGet(intentId);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    return this.emit('payment_intent.succeeded', intent, null);
  }

  private mustGet(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) {
      throw new StripeHttpError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${intentId}'`,
      });
    }
    return intent;
  }

  private emit(type: string, intent: FakeIntent, idempotencyKey: string | null): FakeEvent {
    const event: FakeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: id('req'), idempotency_key: idempotencyKey },
      data: { object: structuredClone(intent) },
    };
    this.events.push(event);
    return event;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const params =
      req.method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
    const key =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: key,
      params,
    });
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        'stripe-version': '2026-10-28.endive',
        ...extra,
      });
      res.end(body);
    };

    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      send(
        401,
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_****' },
        }),
      );
      return;
    }
    if (this.failures > 0) {
      this.failures--;
      send(
        500,
        JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }),
      );
      return;
    }

    // Stripe replays the stored answer for a repeated key with the same request, and refuses
    // the key with different parameters.
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${url.pathname} ${JSON.stringify(params)}`)
      .digest('hex');
    if (key && req.method === 'POST') {
      const seen = this.idempotent.get(key);
      if (seen && seen.fingerprint !== fingerprint) {
        send(
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          }),
        );
        return;
      }
      if (seen) {
        send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
        return;
      }
    }

    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(this.route(req.method ?? 'GET', url.pathname, params, key));
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    if (key && req.method === 'POST' && status < 500) {
      this.idempotent.set(key, { fingerprint, status, body });
    }
    send(status, body);
  }

  private route(
    method: string,
    path: string,
    params: Record<string, FormValue>,
    key: string | null,
  ): unknown {
    const match = /^\/v1\/payment_intents(?:\/([A-Za-z0-9_]+))?(?:\/(confirm|cancel))?$/.exec(path);
    if (!match) {
      throw new StripeHttpError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    }
    const [, intentId, action] = match;
    if (!intentId && method === 'POST') return this.create(params, key);
    if (intentId && !action && method === 'GET') return this.mustGet(intentId);
    if (intentId && !action && method === 'POST')
      return this.update(this.mustGet(intentId), params);
    if (intentId && action === 'confirm' && method === 'POST')
      return this.confirm(this.mustGet(intentId), params, key);
    if (intentId && action === 'cancel' && method === 'POST')
      return this.cancel(this.mustGet(intentId), params, key);
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  private amountParam(
    value: FormValue | undefined,
    currency: string,
    required: boolean,
  ): number | undefined {
    if (value === undefined && !required) return undefined;
    const amount = Number(str(value));
    if (value === undefined || !Number.isInteger(amount) || amount < 0) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: value === undefined ? 'parameter_missing' : 'parameter_invalid_integer',
        param: 'amount',
        message:
          value === undefined ? 'Missing required param: amount.' : 'Invalid integer: amount',
      });
    }
    if (amount < (MIN_AMOUNT[currency] ?? 1)) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      });
    }
    return amount;
  }

  private create(params: Record<string, FormValue>, key: string | null): FakeIntent {
    const currency = str(params.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    }
    const amount = this.amountParam(params.amount, currency, true)!;
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      metadata: metadataOf(params.metadata),
      description: str(params.description) ?? null,
      created: now(),
      livemode: false,
      payment_method: null,
      last_payment_error: null,
      cancellation_reason: null,
      automatic_payment_methods:
        typeof params.automatic_payment_methods === 'object'
          ? {
              enabled:
                str((params.automatic_payment_methods as Record<string, FormValue>).enabled) ===
                'true',
            }
          : null,
    };
    this.intents.set(intentId, intent);
    this.emit('payment_intent.created', intent, key);
    return intent;
  }

  private unexpectedState(intent: FakeIntent, verb: string): StripeHttpError {
    return new StripeHttpError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent's ${verb} could not be updated because it has a status of ${intent.status}.`,
      payment_intent: intent,
    });
  }

  private update(intent: FakeIntent, params: Record<string, FormValue>): FakeIntent {
    if (!UPDATABLE.has(intent.status)) throw this.unexpectedState(intent, 'amount');
    const amount = this.amountParam(params.amount, intent.currency, false);
    if (amount !== undefined) intent.amount = amount;
    if (params.metadata !== undefined)
      intent.metadata = { ...intent.metadata, ...metadataOf(params.metadata) };
    if (params.description !== undefined) intent.description = str(params.description) ?? null;
    return intent;
  }

  private confirm(
    intent: FakeIntent,
    params: Record<string, FormValue>,
    key: string | null,
  ): FakeIntent {
    if (!UPDATABLE.has(intent.status)) throw this.unexpectedState(intent, 'confirmation');
    const method = str(params.payment_method) ?? intent.payment_method;
    const behaviour = method ? TEST_PAYMENT_METHODS[method] : undefined;
    if (!method || !behaviour) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${method ?? ''}'`,
      });
    }
    intent.payment_method = method;
    if (behaviour.decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...behaviour.decline };
      this.emit('payment_intent.payment_failed', intent, key);
      throw new StripeHttpError(402, {
        type: 'card_error',
        ...behaviour.decline,
        payment_intent: structuredClone(intent),
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    this.emit('payment_intent.succeeded', intent, key);
    return intent;
  }

  private cancel(
    intent: FakeIntent,
    params: Record<string, FormValue>,
    key: string | null,
  ): FakeIntent {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw this.unexpectedState(intent, 'cancellation');
    }
    intent.status = 'canceled';
    intent.cancellation_reason = str(params.cancellation_reason) ?? null;
    this.emit('payment_intent.canceled', intent, key);
    return intent;
  }
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
