import { randomBytes } from 'node:crypto';

/**
 * The Stripe objects the fake keeps, with Stripe's names and types, limited to the fields an
 * integration reads. Amounts are integer minor units, times are Unix seconds, as on the wire.
 */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export type NextAction =
  | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } }
  | {
      type: 'use_stripe_sdk';
      use_stripe_sdk: { type: 'three_d_secure_redirect'; stripe_js: string; source: string };
    };

export interface PaymentError {
  type: string;
  code: string;
  decline_code?: string;
  message: string;
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  livemode: false;
  payment_method: string | null;
  last_payment_error: PaymentError | null;
  cancellation_reason: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  /** The charge of the last attempt that got that far (its id; expandable). */
  latest_charge: string | null;
  next_action: NextAction | null;
}

export interface FeeDetail {
  amount: number;
  currency: string;
  type: 'stripe_fee';
  description: string;
  application: null;
}

export interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  fee: number;
  fee_details: FeeDetail[];
  net: number;
  status: 'pending' | 'available';
  type: 'charge' | 'payment' | 'refund' | 'adjustment';
  reporting_category: 'charge' | 'refund' | 'dispute' | 'dispute_reversal';
  source: string;
  description: string | null;
  created: number;
  available_on: number;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  paid: boolean;
  refunded: boolean;
  disputed: boolean;
  status: 'pending' | 'succeeded' | 'failed';
  payment_intent: string;
  payment_method: string | null;
  /** Null while the money is not yet settled (a payment still processing). */
  balance_transaction: string | null;
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  balance_transaction: string | null;
  created: number;
}

export type DisputeStatus =
  | 'warning_needs_response'
  | 'warning_under_review'
  | 'warning_closed'
  | 'needs_response'
  | 'under_review'
  | 'won'
  | 'lost';

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: DisputeStatus;
  balance_transactions: FakeBalanceTransaction[];
  is_charge_refundable: boolean;
  metadata: Record<string, string>;
  evidence_details: {
    due_by: number;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
  };
  created: number;
  livemode: false;
}

export type FakeObject = FakeIntent | FakeCharge | FakeRefund | FakeDispute;

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: FakeObject; previous_attributes?: Record<string, unknown> };
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * Stripe's standard card pricing for a US account, 2.9% + 30 cents, rounded to the cent. The fake
 * applies it to every currency: tests only need a fee that is not zero and is known in advance.
 */
export function cardFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

/** The fee Stripe takes when a dispute opens (15.00 in the account's currency). */
export const DISPUTE_FEE = 1500;

export function balanceTransaction(input: {
  amount: number;
  currency: string;
  fee: number;
  type: FakeBalanceTransaction['type'];
  reportingCategory: FakeBalanceTransaction['reporting_category'];
  source: string;
  description?: string;
  status?: FakeBalanceTransaction['status'];
}): FakeBalanceTransaction {
  const created = unixNow();
  return {
    id: newId('txn'),
    object: 'balance_transaction',
    amount: input.amount,
    currency: input.currency,
    fee: input.fee,
    fee_details:
      input.fee === 0
        ? []
        : [
            {
              amount: input.fee,
              currency: input.currency,
              type: 'stripe_fee',
              description: 'Stripe processing fees',
              application: null,
            },
          ],
    net: input.amount - input.fee,
    status: input.status ?? 'pending',
    type: input.type,
    reporting_category: input.reportingCategory,
    source: input.source,
    description: input.description ?? null,
    created,
    available_on: created + 2 * 86_400,
  };
}
