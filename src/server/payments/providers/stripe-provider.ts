import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import type {
  CardClientSignals,
  CardIntentView,
  CardProvider,
  PaymentRecord,
  ProviderReport,
  RefundInput,
} from './payment-provider.js';
import { IntentLocked, PaymentRefused, ProviderUnavailable } from './provider-errors.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Points the SDK elsewhere (a local fake in tests) through its host/port/protocol options. */
  apiUrl?: string | undefined;
}

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/** Stripe PaymentIntents in USD cents, through the official SDK. */
export class StripeProvider implements CardProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      // The SDK retries network failures with the same idempotency key, so a retry never charges twice.
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  owns(payment: PaymentRecord): boolean {
    return payment.provider === 'stripe' && (payment.providerRef?.startsWith('pi_') ?? false);
  }

  async prepareIntent(input: {
    paymentId: string;
    amount: number;
    currency: 'USD';
    existingIntentId: string | null;
    client?: CardClientSignals;
  }): Promise<{ intentId: string; clientSecret: string }> {
    const intent = await guard(async () => {
      if (input.existingIntentId) {
        // A fresh key per change: reusing one would replay an older amount (A, B, then A again).
        return this.stripe.paymentIntents.update(
          input.existingIntentId,
          { amount: input.amount },
          { idempotencyKey: `palmares-update-${randomUUID()}` },
        );
      }
      // One intent per payment, whatever the retries: the key is the payment id.
      return this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          // Radar sees the browser that confirms; these say who asked for the intent, for rules
          // (`::client_ip::`) and for whoever reads a disputed payment (values cap at 500).
          metadata: {
            paymentId: input.paymentId,
            ...(input.client
              ? {
                  client_ip: input.client.ipAddress,
                  user_agent: (input.client.userAgent ?? '').slice(0, 500),
                }
              : {}),
          },
          automatic_payment_methods: { enabled: true },
          description: 'Palmarès votes',
        },
        { idempotencyKey: `palmares-create-${input.paymentId}` },
      );
    });
    if (!intent.client_secret) {
      throw new ProviderUnavailable(
        {
          en: 'The card payment service sent no client secret.',
          fr: "Le service de paiement par carte n'a pas répondu comme prévu.",
        },
        'stripe',
      );
    }
    return { intentId: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(intentId: string): Promise<CardIntentView | null> {
    const intent = await guard(() => this.stripe.paymentIntents.retrieve(intentId), {
      missingIsNull: true,
    });
    return intent ? viewOf(intent) : null;
  }

  async check(payment: PaymentRecord): Promise<ProviderReport> {
    if (!payment.providerRef) return { state: 'pending' };
    const view = await this.retrieveIntent(payment.providerRef);
    if (!view || view.paymentId !== payment.id) return { state: 'pending' };
    return view.report;
  }

  /** Cancels the intent so it can no longer be paid; if it was paid meanwhile, that wins. */
  async abandon(payment: PaymentRecord): Promise<ProviderReport> {
    if (!payment.providerRef) return { state: 'failed', reason: 'expired' };
    const intentId = payment.providerRef;
    const canceled = await guard(
      () =>
        this.stripe.paymentIntents.cancel(
          intentId,
          {},
          // A key per attempt, not per intent: Stripe keeps a refusal (an intent still
          // processing) as the key's answer, and a later attempt must be asked afresh.
          { idempotencyKey: `palmares-cancel-${intentId}-${randomUUID()}` },
        ),
      { lockedIsNull: true },
    );
    const intent = canceled ?? (await guard(() => this.stripe.paymentIntents.retrieve(intentId)));
    if (intent.status === 'canceled') {
      return { state: 'failed', reason: 'expired', providerRef: intent.id };
    }
    return reportOf(intent);
  }

  /**
   * Stripe's fee: the balance transaction of the intent's latest charge. Null until the charge has
   * one (Stripe may attach it after the success), and when the account settles in another
   * currency than the payment's, where the fee is not in the payment's units.
   */
  async fee(payment: PaymentRecord): Promise<number | null> {
    const intentId = payment.providerRef;
    if (!intentId) return null;
    const intent = await guard(() =>
      this.stripe.paymentIntents.retrieve(intentId, {
        expand: ['latest_charge.balance_transaction'],
      }),
    );
    const charge = intent.latest_charge;
    if (!charge || typeof charge === 'string' || charge.status !== 'succeeded') return null;
    const transaction = charge.balance_transaction;
    if (!transaction || typeof transaction === 'string') return null;
    if (transaction.currency.toUpperCase() !== payment.currency.toUpperCase()) return null;
    return transaction.fee;
  }

  /**
   * Verifies a webhook delivery on its raw bytes and returns what it says about a payment
   * (noticeOf), or null. Throws `Stripe.errors.StripeSignatureVerificationError` when forged.
   */
  parseWebhook(rawBody: Buffer, signature: string): StripeNotice | null {
    return noticeOf(
      this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret),
    );
  }

  /**
   * Stripe's own record of the events the app acts on, created from `from` to `to` (Unix seconds,
   * both included; up to now without `to`), newest first as Stripe lists them, at most `cap`:
   * `complete` says whether that was every one. Stripe keeps events for 30 days.
   */
  async listEvents(range: { from: number; to?: number }, cap: number): Promise<StripeEventPage> {
    return guard(async () => {
      const events: ListedStripeEvent[] = [];
      const listing = this.stripe.events.list({
        created: { gte: range.from, ...(range.to === undefined ? {} : { lte: range.to }) },
        types: [...STRIPE_NOTICE_EVENTS],
        limit: 100,
      });
      for await (const event of listing) {
        if (events.length >= cap) return { events, complete: false };
        events.push({
          id: event.id,
          type: event.type,
          created: event.created,
          notice: noticeOf(event),
        });
      }
      return { events, complete: true };
    });
  }

  async refund(payment: PaymentRecord, input: RefundInput): Promise<void> {
    const intentId = payment.providerRef;
    if (!intentId) throw new Error(`Stripe refund: payment ${payment.id} has no intent`);
    // An earlier attempt whose answer never came may have refunded already, and Stripe forgets an
    // idempotency key after a day: the charge's own refunded total says whether it did.
    if (input.retry) {
      const intent = await guard(() =>
        this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }),
      );
      const charge = intent.latest_charge;
      if (charge && typeof charge !== 'string' && charge.amount_refunded >= input.refundedTotal) {
        return;
      }
    }
    const refund = await guard(async () => {
      try {
        return await this.stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: input.amount,
            metadata: { paymentId: payment.id, reason: input.reason.slice(0, 500) },
          },
          // The refunded total this refund reaches keys it: a repeat refunds once, a further one is new.
          { idempotencyKey: `palmares-refund-${payment.id}-${input.refundedTotal}` },
        );
      } catch (error) {
        // Stripe refuses the money itself (refunded or charged back elsewhere): not an outage.
        if (error instanceof Stripe.errors.StripeError && REFUSED_REFUNDS.has(error.code ?? '')) {
          throw new PaymentRefused(
            {
              en: 'The card payment service refused the refund: the money was already refunded or charged back.',
              fr: "Le service de paiement par carte a refusé le remboursement : l'argent a déjà été remboursé ou contesté.",
            },
            `stripe_${error.code}`,
          );
        }
        throw error;
      }
    });
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new PaymentRefused(
        {
          en: 'The card payment service refused the refund.',
          fr: 'Le service de paiement par carte a refusé le remboursement.',
        },
        `stripe_refund_${refund.status}`,
      );
    }
  }
}

/** What a Stripe event says about one of our payments. */
export type StripeNotice =
  /** `declineRef`: set when the event reports a declined attempt, one value per attempt. */
  | { kind: 'intent'; view: CardIntentView; declineRef: string | null }
  | { kind: 'refund'; intentId: string; refundedAmount: number }
  | { kind: 'dispute'; intentId: string; disputeId: string; status: string }
  | { kind: 'charge-settled'; intentId: string };

/** An event read back from Stripe's Events API: when Stripe made it, and what it says. */
export interface ListedStripeEvent {
  id: string;
  type: string;
  /** Unix seconds: events of one second come in no particular order. */
  created: number;
  notice: StripeNotice | null;
}

export interface StripeEventPage {
  events: ListedStripeEvent[];
  complete: boolean;
}

/** Stripe's refusals of a refund for the state of the charge's money. */
const REFUSED_REFUNDS = new Set(['charge_already_refunded', 'amount_too_large', 'charge_disputed']);

const CHARGE_EVENTS = new Set(['charge.succeeded', 'charge.updated']);

const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

/** Every event type noticeOf reads: what the Events API is asked for. */
const STRIPE_NOTICE_EVENTS: readonly string[] = [
  ...INTENT_EVENTS,
  'charge.refunded',
  ...CHARGE_EVENTS,
  ...DISPUTE_EVENTS,
];

const idOf = (ref: string | { id: string } | null): string | null =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);

/**
 * What a Stripe event says about one of our payments, or null for events we do not act on. The
 * same whether the event came as a webhook or was read back from the Events API.
 */
function noticeOf(event: Stripe.Event): StripeNotice | null {
  const object = event.data.object as { object?: string };
  if (INTENT_EVENTS.has(event.type) && object.object === 'payment_intent') {
    const declined = event.type === 'payment_intent.payment_failed';
    return {
      kind: 'intent',
      view: viewOf(object as Stripe.PaymentIntent),
      // Stripe sends one such event per failed attempt; a redelivery keeps the event's id.
      declineRef: declined ? `stripe:${event.id}` : null,
    };
  }
  // The charge carries the running total of its refunds: repeats and reordering cannot count
  // a refund twice.
  if (event.type === 'charge.refunded' && object.object === 'charge') {
    const charge = object as Stripe.Charge;
    const intentId = idOf(charge.payment_intent);
    return intentId ? { kind: 'refund', intentId, refundedAmount: charge.amount_refunded } : null;
  }
  // The charge's money settled at Stripe (now, or later with charge.updated): its fee is known.
  if (CHARGE_EVENTS.has(event.type) && object.object === 'charge') {
    const charge = object as Stripe.Charge;
    const intentId = idOf(charge.payment_intent);
    return intentId && charge.status === 'succeeded' && charge.balance_transaction
      ? { kind: 'charge-settled', intentId }
      : null;
  }
  if (DISPUTE_EVENTS.has(event.type) && object.object === 'dispute') {
    const dispute = object as Stripe.Dispute;
    const intentId = idOf(dispute.payment_intent);
    return intentId
      ? { kind: 'dispute', intentId, disputeId: dispute.id, status: dispute.status }
      : null;
  }
  return null;
}

function viewOf(intent: Stripe.PaymentIntent): CardIntentView {
  return {
    intentId: intent.id,
    paymentId: intent.metadata?.paymentId ?? null,
    report: reportOf(intent),
  };
}

/**
 * An intent's state decides, never the event type: events repeat and arrive out of order, but a
 * succeeded intent stays succeeded. A declined attempt leaves the intent open for another card,
 * so it is only recorded, not turned into a failed payment.
 */
export function reportOf(intent: Stripe.PaymentIntent): ProviderReport {
  switch (intent.status) {
    case 'succeeded':
      return {
        state: 'completed',
        amount: intent.amount_received,
        currency: intent.currency.toUpperCase(),
        providerRef: intent.id,
      };
    case 'canceled':
      return {
        state: 'failed',
        reason: `canceled${intent.cancellation_reason ? `: ${intent.cancellation_reason}` : ''}`,
        providerRef: intent.id,
      };
    default: {
      const lastError = intent.last_payment_error?.message;
      return lastError
        ? { state: 'pending', lastError, providerRef: intent.id }
        : { state: 'pending', providerRef: intent.id };
    }
  }
}

async function guard<T>(call: () => Promise<T>): Promise<T>;
async function guard<T>(
  call: () => Promise<T>,
  options: { missingIsNull?: boolean; lockedIsNull?: boolean },
): Promise<T | null>;
async function guard<T>(
  call: () => Promise<T>,
  options: { missingIsNull?: boolean; lockedIsNull?: boolean } = {},
): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    if (error.code === 'resource_missing' && options.missingIsNull) return null;
    if (error.code === 'payment_intent_unexpected_state') {
      if (options.lockedIsNull) return null;
      throw new IntentLocked();
    }
    if (error.type === 'StripeConnectionError') {
      throw new ProviderUnavailable(
        {
          en: 'Could not reach the card payment service. Please try again.',
          fr: 'Impossible de joindre le service de paiement par carte. Veuillez réessayer.',
        },
        'stripe_network',
      );
    }
    throw new ProviderUnavailable(
      {
        en: 'The card payment service is temporarily unavailable. Please try again.',
        fr: 'Le service de paiement par carte est momentanément indisponible. Veuillez réessayer.',
      },
      `stripe_${error.code ?? error.type}`,
    );
  }
}
