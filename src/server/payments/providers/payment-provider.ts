import type { Provider } from '#shared/money.js';

/** The stored facts a provider needs to answer "what happened to this payment?". */
export interface PaymentRecord {
  id: string;
  provider: Provider;
  providerRef: string | null;
  amount: number;
  currency: string;
  phoneNumber: string | null;
  createdAt: Date;
}

/**
 * What a provider says about a payment right now. `pending` may carry the last error of an attempt
 * that can still be retried (a declined card on an intent that accepts another card): it is
 * recorded as the failure reason but the payment stays open, because the voter may still pay.
 */
export type ProviderReport =
  | { state: 'pending'; lastError?: string; providerRef?: string }
  | {
      state: 'completed';
      amount: number;
      currency: string;
      providerRef: string;
      /** What the provider kept, in minor units, when it reports it. */
      fee?: number;
    }
  | { state: 'failed'; reason: string; providerRef?: string };

export type ProviderKind = 'stripe' | 'campay' | 'sandbox';

/** Every implementation (Stripe, Campay, sandbox) answers the same question the same way. */
export interface PaymentProvider {
  readonly kind: ProviderKind;
  /**
   * Whether this implementation created the stored payment. A sandbox payment is never sent to a
   * live provider, and a live one is never decided by the sandbox.
   */
  owns(payment: PaymentRecord): boolean;
  /** The provider's current view. Throws when the provider cannot be reached. */
  check(payment: PaymentRecord): Promise<ProviderReport>;
  /**
   * Stops a payment that is being given up on (expiry), where the provider can do that, and says
   * what its final state is: a payment that completed meanwhile must still be credited.
   */
  abandon(payment: PaymentRecord): Promise<ProviderReport>;
  /**
   * Returns `amount` of a completed payment to the voter (the card, or the phone the money came
   * from). `refundedTotal` is what will have been refunded once this refund is made: it keys the
   * request, so a retried or doubled request refunds once. Throws `PaymentRefused` when the
   * provider says no, `ProviderUnavailable` when whether it acted is unknown.
   */
  refund(payment: PaymentRecord, input: RefundInput): Promise<void>;
  /**
   * What the provider kept of a completed payment, in minor units of the payment's currency, or
   * null while it has not said (the money not yet settled at the provider). Providers that never
   * report a fee leave this out. Throws when the provider cannot be reached.
   */
  fee?(payment: PaymentRecord): Promise<number | null>;
}

export interface RefundInput {
  amount: number;
  /** What the payment records as refunded before this refund. */
  refundedBefore: number;
  refundedTotal: number;
  reason: string;
  /** An earlier attempt of this refund got no answer: it may have been made, so look first. */
  retry?: boolean;
}

/** A card intent as seen by the provider, tied to our payment through its metadata. */
export interface CardIntentView {
  intentId: string;
  paymentId: string | null;
  report: ProviderReport;
}

/** The voter's address and browser as the checkout saw them. */
export interface CardClientSignals {
  ipAddress: string;
  userAgent: string | null;
}

export interface CardProvider extends PaymentProvider {
  /**
   * Creates the intent for a new payment, or moves an existing one to the new amount. Throws
   * `IntentLocked` when the intent can no longer change (the voter is already paying it).
   */
  prepareIntent(input: {
    paymentId: string;
    amount: number;
    currency: 'USD';
    existingIntentId: string | null;
    /** Who asked for a new intent, for the provider's fraud checks. */
    client?: CardClientSignals;
  }): Promise<{ intentId: string; clientSecret: string }>;
  retrieveIntent(intentId: string): Promise<CardIntentView | null>;
}

export interface MobileMoneyProvider extends PaymentProvider {
  /** Asks the provider to prompt the voter's phone. Throws `PaymentRefused` or `ProviderUnavailable`. */
  collect(input: {
    paymentId: string;
    amount: number;
    currency: 'XAF';
    phoneNumber: string;
    description: string;
  }): Promise<{ providerRef: string; ussdCode: string | null; operator: string | null }>;
}
