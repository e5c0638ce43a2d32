import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Stripe from 'stripe';
import { decodeStripeForm, type FormValue } from './stripe-form.js';
import { startHttpFakeServer, type HttpFakeServer } from './http-fake-server.js';
import {
  balanceTransaction,
  cardFee,
  DISPUTE_FEE,
  newId,
  unixNow,
  type DisputeStatus,
  type FakeBalanceTransaction,
  type FakeCharge,
  type FakeDispute,
  type FakeEvent,
  type FakeIntent,
  type FakeObject,
  type FakeRefund,
  type PaymentError,
} from './fake-stripe-objects.js';
import { listFakeEvents } from './fake-stripe-events.js';
import {
  IdempotencyLayer,
  StripeHttpError,
  StripeValidationError,
} from './fake-stripe-idempotency.js';

export type {
  FakeBalanceTransaction,
  FakeCharge,
  FakeDispute,
  FakeEvent,
  FakeIntent,
  FakeRefund,
} from './fake-stripe-objects.js';

type Behaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; error: Omit<PaymentError, 'type'> }
  /** The issuer asks the cardholder to authenticate (3-D Secure) before it answers. */
  | { kind: 'authenticate' }
  /** A bank debit: accepted, the money arrives later (`processing`, then succeeded or failed). */
  | { kind: 'process' };

/** Stripe's test payment methods: what confirming with each does. */
const TEST_PAYMENT_METHODS: Record<string, Behaviour> = {
  pm_card_visa: { kind: 'succeed' },
  pm_card_mastercard: { kind: 'succeed' },
  pm_card_chargeDeclined: {
    kind: 'decline',
    error: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    kind: 'decline',
    error: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_authenticationRequired: { kind: 'authenticate' },
  pm_card_threeDSecure2Required: { kind: 'authenticate' },
  pm_usBankAccount: { kind: 'process' },
};

const UPDATABLE = new Set(['requires_payment_method', 'requires_confirmation']);
const CONFIRMABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);
const MIN_AMOUNT: Record<string, number> = { usd: 50 };
const AUTHENTICATION_FAILED: PaymentError = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};

const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A local stand-in for the part of Stripe's REST API the app uses, faithful to the wire protocol:
 * form-encoded bodies, Bearer auth, Stripe's idempotency rule and error objects, PaymentIntents
 * with their state rules (3-D Secure, processing), the charge each successful attempt makes and
 * its balance transaction (with Stripe's fee), refunds, disputes opened and closed by test hooks,
 * `expand[]`, and signed events, also listed as Stripe's Events API lists them (`GET /v1/events`).
 * Drive it with the real `stripe` SDK (host/port/protocol options).
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly balanceTransactions = new Map<string, FakeBalanceTransaction>();
  readonly events: FakeEvent[] = [];
  /** Every request seen, for assertions on idempotency keys and parameters. */
  readonly requests: {
    method: string;
    path: string;
    idempotencyKey: string | null;
    params: Record<string, FormValue>;
  }[] = [];
  private readonly idempotency = new IdempotencyLayer();
  private listener: HttpFakeServer | undefined;
  private failures = { count: 0, afterActing: false };
  private drops = 0;
  port = 0;
  /**
   * A slow Stripe: API requests whose `METHOD /path` matches `match` (every one when absent) are
   * held `ms`. By default the request is acted on only after the wait (Stripe slow to act); with
   * `actFirst` it is acted on at once and only the answer is late (Stripe acted, the reply lags).
   */
  delay: { ms: number; match?: RegExp; actFirst?: boolean } | null = null;
  /**
   * Charges settle their balance transaction later, as Stripe now does: `charge.succeeded` comes
   * without one and a `charge.updated` brings it (see `attachBalanceTransactions`).
   */
  balanceTransactionsLater = false;
  /** Refunds stay `pending` until `settleRefund` (bank refunds; cards are at once). */
  refundsPending = false;

  constructor(
    readonly secretKey = 'sk_test_fake',
    readonly webhookSecret = 'whsec_fake',
    readonly publishableKey = 'pk_test_fake',
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The env the app needs to talk to this fake. */
  get env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
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

  async start(port = 0): Promise<this> {
    this.listener = await startHttpFakeServer((req, res) => void this.handle(req, res), port);
    this.port = this.listener.port;
    return this;
  }

  async stop(): Promise<void> {
    await this.listener?.close();
  }

  /**
   * The next `count` API calls answer 500 api_error (the SDK's retries see them too). By default
   * Stripe fails before acting, so the idempotency key stays free; with `afterActing` it acts, and
   * the 500 is the key's saved answer from then on, as Stripe documents.
   */
  failNext(count: number, options: { afterActing?: boolean } = {}): void {
    this.failures = { count, afterActing: options.afterActing ?? false };
  }

  /**
   * The next `count` API calls are acted on and their answer saved, but the connection drops
   * before it is sent: the caller cannot know what happened, and retries with its key.
   */
  dropNext(count: number): void {
    this.drops = count;
  }

  /** A signed delivery of `event`, exactly as Stripe would POST it. */
  signed(event: FakeEvent, secret = this.webhookSecret): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, signature };
  }

  /** Events about an intent: its own, and its charges', refunds' and disputes'. */
  eventsFor(intentId: string, type?: string): FakeEvent[] {
    return this.events.filter((e) => {
      const object = e.data.object;
      const about = object.object === 'payment_intent' ? object.id : object.payment_intent;
      return about === intentId && (!type || e.type === type);
    });
  }

  /** Marks an intent paid without a confirm call (a payment finished on Stripe's side). */
  succeed(intentId: string): FakeEvent {
    const intent = this.mustGetIntent(intentId);
    return this.chargeSucceeded(intent, intent.payment_method ?? 'pm_card_visa', null);
  }

  /** The cardholder's answer to the 3-D Secure challenge of an intent in `requires_action`. */
  authenticate(intentId: string, passed: boolean): FakeEvent {
    const intent = this.mustGetIntent(intentId);
    if (intent.status !== 'requires_action') throw new Error(`${intentId} is ${intent.status}`);
    intent.next_action = null;
    if (passed) return this.chargeSucceeded(intent, intent.payment_method!, null);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = AUTHENTICATION_FAILED;
    return this.emit('payment_intent.payment_failed', intent, null);
  }

  /** The end of a `processing` intent: the money arrived, or the debit failed. */
  finishProcessing(intentId: string, succeeded: boolean): FakeEvent {
    const intent = this.mustGetIntent(intentId);
    if (intent.status !== 'processing') throw new Error(`${intentId} is ${intent.status}`);
    const charge = this.charges.get(intent.latest_charge!)!;
    if (succeeded) return this.chargeSucceeded(intent, intent.payment_method!, null, charge);
    charge.status = 'failed';
    charge.failure_code = 'insufficient_funds';
    charge.failure_message = 'The account has insufficient funds.';
    this.emit('charge.failed', charge, null);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'insufficient_funds',
      message: charge.failure_message,
    };
    return this.emit('payment_intent.payment_failed', intent, null);
  }

  /** With `balanceTransactionsLater`: settles every charge still without one (`charge.updated`). */
  attachBalanceTransactions(): FakeEvent[] {
    return [...this.charges.values()]
      .filter((c) => c.status === 'succeeded' && !c.balance_transaction)
      .map((charge) => {
        charge.balance_transaction = this.chargeTransaction(charge).id;
        return this.emit('charge.updated', charge, null, { balance_transaction: null });
      });
  }

  /** A pending refund's outcome (`refund.updated`); a failed one gives its amount back to the charge. */
  settleRefund(refundId: string, succeeded: boolean): FakeEvent[] {
    const refund = this.refunds.get(refundId);
    if (!refund || refund.status !== 'pending') throw new Error(`${refundId} is not pending`);
    const charge = this.charges.get(refund.charge)!;
    refund.status = succeeded ? 'succeeded' : 'failed';
    if (succeeded) {
      refund.balance_transaction = this.refundTransaction(refund).id;
    } else {
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
    }
    return [
      this.emit('charge.refund.updated', refund, null, { status: 'pending' }),
      this.emit('refund.updated', refund, null, { status: 'pending' }),
    ];
  }

  /**
   * The cardholder's bank disputes the intent's charge. A chargeback takes the money and Stripe's
   * dispute fee at once (`funds_withdrawn`); an inquiry (`warning_needs_response`) takes nothing yet.
   */
  openDispute(
    intentId: string,
    options: { reason?: string; inquiry?: boolean } = {},
  ): { dispute: FakeDispute; events: FakeEvent[] } {
    const intent = this.mustGetIntent(intentId);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge || charge.status !== 'succeeded') throw new Error(`${intentId} has no paid charge`);
    const dispute: FakeDispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intentId,
      reason: options.reason ?? 'fraudulent',
      status: options.inquiry ? 'warning_needs_response' : 'needs_response',
      balance_transactions: [],
      is_charge_refundable: false,
      metadata: {},
      evidence_details: {
        due_by: unixNow() + 7 * 86_400,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      created: unixNow(),
      livemode: false,
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    const events = [this.emit('charge.dispute.created', dispute, null)];
    if (!options.inquiry) {
      dispute.balance_transactions.push(
        this.record(
          balanceTransaction({
            amount: -dispute.amount,
            currency: dispute.currency,
            fee: DISPUTE_FEE,
            type: 'adjustment',
            reportingCategory: 'dispute',
            source: dispute.id,
            description: `Chargeback withdrawal for ${charge.id}`,
          }),
        ),
      );
      events.push(this.emit('charge.dispute.funds_withdrawn', dispute, null));
    }
    return { dispute, events };
  }

  /** The dispute's end: won puts the money back (`funds_reinstated`), lost keeps it out. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): FakeEvent[] {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    const inquiry = dispute.status.startsWith('warning_');
    const previous = dispute.status;
    const events: FakeEvent[] = [];
    // An inquiry that never became a chargeback just closes; no money moved.
    const status: DisputeStatus = inquiry ? 'warning_closed' : outcome;
    if (status === 'won') {
      dispute.balance_transactions.push(
        this.record(
          balanceTransaction({
            amount: dispute.amount,
            currency: dispute.currency,
            fee: 0,
            type: 'adjustment',
            reportingCategory: 'dispute_reversal',
            source: dispute.id,
            description: `Chargeback reversal for ${dispute.charge}`,
          }),
        ),
      );
      dispute.status = status;
      events.push(this.emit('charge.dispute.funds_reinstated', dispute, null));
    }
    dispute.status = status;
    events.push(this.emit('charge.dispute.closed', dispute, null, { status: previous }));
    return events;
  }

  private mustGetIntent(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'intent');
    return intent;
  }

  private record(transaction: FakeBalanceTransaction): FakeBalanceTransaction {
    this.balanceTransactions.set(transaction.id, transaction);
    return transaction;
  }

  private chargeTransaction(charge: FakeCharge): FakeBalanceTransaction {
    return this.record(
      balanceTransaction({
        amount: charge.amount,
        currency: charge.currency,
        fee: cardFee(charge.amount),
        type: 'charge',
        reportingCategory: 'charge',
        source: charge.id,
      }),
    );
  }

  private refundTransaction(refund: FakeRefund): FakeBalanceTransaction {
    return this.record(
      balanceTransaction({
        amount: -refund.amount,
        currency: refund.currency,
        fee: 0,
        type: 'refund',
        reportingCategory: 'refund',
        source: refund.id,
      }),
    );
  }

  private newCharge(intent: FakeIntent, paymentMethod: string): FakeCharge {
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      currency: intent.currency,
      paid: false,
      refunded: false,
      disputed: false,
      status: 'pending',
      payment_intent: intent.id,
      payment_method: paymentMethod,
      balance_transaction: null,
      failure_code: null,
      failure_message: null,
      metadata: { ...intent.metadata },
      created: unixNow(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  /** The attempt got the money: the charge, its balance transaction, and the intent succeeded. */
  private chargeSucceeded(
    intent: FakeIntent,
    paymentMethod: string,
    key: string | null,
    existing?: FakeCharge,
  ): FakeEvent {
    const charge = existing ?? this.newCharge(intent, paymentMethod);
    charge.status = 'succeeded';
    charge.paid = true;
    charge.captured = true;
    charge.amount_captured = charge.amount;
    if (!this.balanceTransactionsLater)
      charge.balance_transaction = this.chargeTransaction(charge).id;
    this.emit('charge.succeeded', charge, key);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    intent.next_action = null;
    intent.payment_method = paymentMethod;
    return this.emit('payment_intent.succeeded', intent, key);
  }

  private emit(
    type: string,
    object: FakeObject,
    idempotencyKey: string | null,
    previousAttributes?: Record<string, unknown>,
  ): FakeEvent {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: unixNow(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: newId('req'), idempotency_key: idempotencyKey },
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
    };
    this.events.push(event);
    return event;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
    const key =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;

    // The 3-D Secure page the browser is sent to: not part of the API, so no key and no record.
    const challenge = /^\/3ds\/(pi_[A-Za-z0-9]+)$/.exec(url.pathname);
    if (challenge && method === 'GET') {
      this.answerChallenge(challenge[1]!, url.searchParams, res);
      return;
    }

    this.requests.push({ method, path: url.pathname, idempotencyKey: key, params });
    const delay =
      this.delay && (this.delay.match?.test(`${method} ${url.pathname}`) ?? true)
        ? this.delay
        : null;
    const write = (status: number, body: string, extra: Record<string, string>) => {
      if (res.destroyed) return;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        'stripe-version': '2026-10-28.endive',
        ...extra,
      });
      res.end(body);
    };
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      if (delay?.actFirst) setTimeout(() => write(status, body, extra), delay.ms);
      else write(status, body, extra);
    };
    const sendError = (error: StripeHttpError) => send(error.status, errorBody(error));

    // Stripe.js in the browser holds only the publishable key (sent as `key`) and the intent's
    // client secret: enough to read and confirm that one intent, nothing else.
    const browser =
      req.headers.authorization === undefined && str(params.key) === this.publishableKey;
    if (browser && !this.browserMayCall(method, url.pathname, params)) {
      sendError(missing('payment_intent', url.pathname.split('/')[3] ?? '', 'intent'));
      return;
    }
    if (!browser && req.headers.authorization !== `Bearer ${this.secretKey}`) {
      sendError(
        new StripeHttpError(401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided: sk_****',
        }),
      );
      return;
    }
    const failing = this.failures.count > 0 ? this.failures : null;
    if (failing) this.failures.count--;
    if (failing && !failing.afterActing) {
      sendError(serverError());
      return;
    }

    const idempotent = key !== null && method === 'POST';
    if (idempotent) {
      const check = this.idempotency.begin(key, method, url.pathname, params);
      if (check.kind === 'refuse') {
        sendError(check.error);
        return;
      }
      if (check.kind === 'replay') {
        send(check.status, check.body, { 'idempotent-replayed': 'true' });
        return;
      }
    }
    if (delay && !delay.actFirst) await sleep(delay.ms);

    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(this.route(method, url.pathname, params, key));
      if (failing) throw serverError();
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      if (error instanceof StripeValidationError) {
        if (idempotent) this.idempotency.release(key);
        sendError(error);
        return;
      }
      status = error.status;
      body = errorBody(error);
    }
    if (idempotent) this.idempotency.save(key, status, body);
    if (this.drops > 0) {
      this.drops--;
      res.destroy();
      return;
    }
    send(status, body);
  }

  private browserMayCall(method: string, path: string, params: Record<string, FormValue>): boolean {
    const match = /^\/v1\/payment_intents\/(pi_[A-Za-z0-9]+)(\/confirm)?$/.exec(path);
    if (!match || (match[2] ? method !== 'POST' : method !== 'GET')) return false;
    const intent = this.intents.get(match[1]!);
    return intent !== undefined && str(params.client_secret) === intent.client_secret;
  }

  private answerChallenge(intentId: string, query: URLSearchParams, res: http.ServerResponse) {
    const intent = this.intents.get(intentId);
    const returnUrl = query.get('return_url');
    const outcome = query.get('outcome');
    if (!intent || intent.status !== 'requires_action') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No challenge here');
      return;
    }
    if (!outcome) {
      // The issuer's test page: the cardholder completes or fails the authentication.
      const link = (value: string, label: string) =>
        `<a href="?outcome=${value}${returnUrl ? `&return_url=${encodeURIComponent(returnUrl)}` : ''}" style="display:block;margin:12px 0;padding:12px;border:1px solid #888;border-radius:6px;text-align:center;color:#111;text-decoration:none">${label}</a>`;
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>3D Secure test payment</title>` +
            `<body style="font-family:sans-serif;padding:16px"><h1 style="font-size:18px">3D Secure 2 test page</h1>` +
            `<p>Complete or fail this test authentication.</p>` +
            link('pass', 'Complete') +
            link('fail', 'Fail') +
            `</body></html>`,
        );
      return;
    }
    const passed = outcome === 'pass';
    this.authenticate(intentId, passed);
    if (!returnUrl) {
      // In a frame of the page: tell Stripe.js the challenge is over.
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>Done</title><script>parent.postMessage({ fakeStripeChallenge: ${JSON.stringify(intentId)} }, '*');</script>`,
        );
      return;
    }
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('payment_intent_client_secret', intent.client_secret);
    back.searchParams.set('redirect_status', passed ? 'succeeded' : 'failed');
    res.writeHead(302, { location: back.toString() }).end();
  }

  private route(
    method: string,
    path: string,
    params: Record<string, FormValue>,
    key: string | null,
  ): unknown {
    const [, version, resource, objectId, action, extra] = path.split('/');
    const unknownUrl = () =>
      new StripeValidationError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    if (version !== 'v1' || extra !== undefined) throw unknownUrl();
    const expand = expandParam(params.expand);
    if (resource === 'payment_intents') {
      if (!objectId && method === 'POST') return this.create(params, key);
      if (!objectId) throw unknownUrl();
      if (!action && method === 'GET') return this.expanded(this.mustGetIntent(objectId), expand);
      if (method !== 'POST') throw unknownUrl();
      if (!action) return this.update(this.mustGetIntent(objectId), params);
      if (action === 'confirm') return this.confirm(this.mustGetIntent(objectId), params, key);
      if (action === 'cancel') return this.cancel(this.mustGetIntent(objectId), params, key);
      throw unknownUrl();
    }
    if (resource === 'refunds' && !action) {
      if (!objectId && method === 'POST') return this.createRefund(params, key);
      if (objectId && method === 'GET')
        return this.expanded(this.mustFind(this.refunds, 'refund', objectId), expand);
    }
    if (resource === 'events' && method === 'GET' && !action) {
      if (!objectId) return listFakeEvents(this.events, params);
      const event = this.events.find((e) => e.id === objectId);
      if (!event) throw missing('event', objectId, 'id');
      return event;
    }
    if (method === 'GET' && objectId && !action) {
      if (resource === 'charges')
        return this.expanded(this.mustFind(this.charges, 'charge', objectId), expand);
      if (resource === 'balance_transactions')
        return this.mustFind(this.balanceTransactions, 'balance_transaction', objectId);
      if (resource === 'disputes')
        return this.expanded(this.mustFind(this.disputes, 'dispute', objectId), expand);
    }
    throw unknownUrl();
  }

  private mustFind<T>(map: Map<string, T>, kind: string, objectId: string): T {
    const found = map.get(objectId);
    if (!found) throw missing(kind, objectId, 'id');
    return found;
  }

  /** A copy of `object` with the ids named by `expand` (dotted paths) replaced by their objects. */
  private expanded(object: FakeObject, paths: string[]): unknown {
    const copy = structuredClone(object) as unknown as Record<string, unknown>;
    for (const path of paths) {
      let node: Record<string, unknown> = copy;
      const parts = path.split('.');
      for (const [i, field] of parts.entries()) {
        const value = node[field];
        const target = typeof value === 'string' ? this.lookup(value) : value;
        if (target === undefined || target === null || typeof target !== 'object') {
          if (value === null) break;
          throw new StripeValidationError(400, {
            type: 'invalid_request_error',
            param: 'expand',
            message: `This property cannot be expanded (${parts.slice(0, i + 1).join('.')}).`,
          });
        }
        const child = typeof value === 'string' ? structuredClone(target) : target;
        node[field] = child;
        node = child as Record<string, unknown>;
      }
    }
    return copy;
  }

  private lookup(objectId: string): object | undefined {
    const prefix = objectId.split('_')[0];
    const maps: Record<string, Map<string, object>> = {
      pi: this.intents,
      ch: this.charges,
      re: this.refunds,
      dp: this.disputes,
      txn: this.balanceTransactions,
    };
    return prefix ? maps[prefix]?.get(objectId) : undefined;
  }

  private amountParam(
    value: FormValue | undefined,
    currency: string,
    required: boolean,
  ): number | undefined {
    if (value === undefined && !required) return undefined;
    const amount = Number(str(value));
    if (value === undefined || !Number.isInteger(amount) || amount < 0) {
      throw new StripeValidationError(400, {
        type: 'invalid_request_error',
        code: value === undefined ? 'parameter_missing' : 'parameter_invalid_integer',
        param: 'amount',
        message:
          value === undefined ? 'Missing required param: amount.' : 'Invalid integer: amount',
      });
    }
    if (amount < (MIN_AMOUNT[currency] ?? 1)) {
      throw new StripeValidationError(400, {
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
      throw new StripeValidationError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    }
    const amount = this.amountParam(params.amount, currency, true)!;
    const intentId = newId('pi');
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
      created: unixNow(),
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
      latest_charge: null,
      next_action: null,
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
      payment_intent: structuredClone(intent),
    });
  }

  private update(intent: FakeIntent, params: Record<string, FormValue>): FakeIntent {
    const amount = this.amountParam(params.amount, intent.currency, false);
    if (!UPDATABLE.has(intent.status)) throw this.unexpectedState(intent, 'amount');
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
    if (!CONFIRMABLE.has(intent.status)) throw this.unexpectedState(intent, 'confirmation');
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
    intent.next_action = null;
    switch (behaviour.kind) {
      case 'decline': {
        // The issuer said no: the attempt leaves a failed charge, and the intent takes another card.
        const charge = this.newCharge(intent, method);
        charge.status = 'failed';
        charge.failure_code = behaviour.error.code;
        charge.failure_message = behaviour.error.message;
        this.emit('charge.failed', charge, key);
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', ...behaviour.error };
        this.emit('payment_intent.payment_failed', intent, key);
        throw new StripeHttpError(402, {
          type: 'card_error',
          ...behaviour.error,
          charge: charge.id,
          payment_intent: structuredClone(intent),
        });
      }
      case 'authenticate': {
        // Stripe.js asks to handle the challenge in the page (use_stripe_sdk); a server
        // confirming with a return_url gets a redirect.
        const returnUrl = str(params.return_url);
        const inPage = str(params.use_stripe_sdk) === 'true';
        intent.status = 'requires_action';
        intent.next_action =
          returnUrl && !inPage
            ? {
                type: 'redirect_to_url',
                redirect_to_url: {
                  url: `${this.url}/3ds/${intent.id}?return_url=${encodeURIComponent(returnUrl)}`,
                  return_url: returnUrl,
                },
              }
            : {
                type: 'use_stripe_sdk',
                use_stripe_sdk: {
                  type: 'three_d_secure_redirect',
                  stripe_js: `${this.url}/3ds/${intent.id}`,
                  source: newId('src'),
                },
              };
        this.emit('payment_intent.requires_action', intent, key);
        return intent;
      }
      case 'process': {
        this.newCharge(intent, method);
        intent.status = 'processing';
        intent.last_payment_error = null;
        this.emit('charge.pending', this.charges.get(intent.latest_charge!)!, key);
        this.emit('payment_intent.processing', intent, key);
        return intent;
      }
      case 'succeed':
        this.chargeSucceeded(intent, method, key);
        return intent;
    }
  }

  private cancel(
    intent: FakeIntent,
    params: Record<string, FormValue>,
    key: string | null,
  ): FakeIntent {
    if (
      intent.status === 'succeeded' ||
      intent.status === 'canceled' ||
      intent.status === 'processing'
    ) {
      throw this.unexpectedState(intent, 'cancellation');
    }
    intent.status = 'canceled';
    intent.next_action = null;
    intent.cancellation_reason = str(params.cancellation_reason) ?? null;
    this.emit('payment_intent.canceled', intent, key);
    return intent;
  }

  private createRefund(params: Record<string, FormValue>, key: string | null): FakeRefund {
    const intentId = str(params.payment_intent);
    const chargeId = str(params.charge);
    if (!intentId && !chargeId) {
      throw new StripeValidationError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message:
          'One of the following params should be provided for this request: payment_intent or charge.',
      });
    }
    const requested = params.amount === undefined ? undefined : Number(str(params.amount));
    if (requested !== undefined && (!Number.isInteger(requested) || requested <= 0)) {
      throw new StripeValidationError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid positive integer',
      });
    }
    let charge: FakeCharge | undefined;
    if (chargeId) {
      charge = this.mustFind(this.charges, 'charge', chargeId);
    } else {
      const intent = this.intents.get(intentId!);
      if (!intent) throw missing('payment_intent', intentId!, 'payment_intent');
      charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
      if (!charge || charge.status !== 'succeeded') {
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        });
      }
    }
    if (charge.disputed) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      });
    }
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = requested ?? left;
    if (amount > left) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      });
    }
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: this.refundsPending ? 'pending' : 'succeeded',
      reason: str(params.reason) ?? null,
      metadata: metadataOf(params.metadata),
      balance_transaction: null,
      created: unixNow(),
    };
    if (!this.refundsPending) refund.balance_transaction = this.refundTransaction(refund).id;
    this.refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    // A pending refund already counts in the charge's refunded total, as at Stripe.
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    this.emit('charge.refunded', charge, key, previous);
    this.emit('refund.created', refund, key);
    return refund;
  }
}

function missing(kind: string, objectId: string, param: string): StripeHttpError {
  return new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${objectId}'`,
  });
}

const serverError = () =>
  new StripeHttpError(500, { type: 'api_error', message: 'An unknown error occurred' });

const errorBody = (error: StripeHttpError) => JSON.stringify({ error: error.body });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expandParam(value: FormValue | undefined): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string');
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
