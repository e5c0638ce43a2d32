import type { CampayClient, CampayTransaction } from './campay-client.js';
import type {
  MobileMoneyProvider,
  PaymentRecord,
  ProviderReport,
  RefundInput,
} from './payment-provider.js';
import { isSandboxRef } from './sandbox-refs.js';
import { EXPIRED_REASON } from '#server/payments/unconfirmed-outcome.js';

/** How our refund withdrawals describe themselves, so a history search never takes one for a collection. */
export const REFUND_DESCRIPTION_PREFIX = 'Palmares refund';

/** A Campay transaction, tied to one of our payments through its external reference. */
export interface CampayTransactionView {
  reference: string;
  /** Our payment id as Campay holds it; anything else (or nothing) is not one of our payments. */
  paymentId: string | null;
  /** Whether a collection made it (money in), rather than a withdrawal (money the app sent out). */
  isCollection: boolean;
  report: ProviderReport;
}

/**
 * Which API made a transaction, as a callback or the transaction itself states it. One that does
 * not say is taken as a collection; the transaction and its stored reference are still checked
 * before anything settles.
 */
export function isCollectionEndpoint(endpoint: string | null | undefined): boolean {
  return !endpoint || endpoint.trim().toLowerCase() === 'collect';
}

/** Campay (MTN Mobile Money and Orange Money in Cameroon, XAF). */
export class CampayProvider implements MobileMoneyProvider {
  readonly kind = 'campay' as const;

  constructor(readonly client: CampayClient) {}

  owns(payment: PaymentRecord): boolean {
    return payment.provider === 'campay' && !isSandboxRef(payment.providerRef);
  }

  async collect(input: {
    paymentId: string;
    amount: number;
    currency: 'XAF';
    phoneNumber: string;
    description: string;
  }) {
    const result = await this.client.collect({
      amount: input.amount,
      currency: input.currency,
      from: input.phoneNumber,
      description: input.description,
      externalReference: input.paymentId,
    });
    return {
      providerRef: result.reference,
      ussdCode: result.ussd_code ?? null,
      operator: result.operator ?? null,
    };
  }

  async check(payment: PaymentRecord): Promise<ProviderReport> {
    // Without a reference (the collect request timed out) Campay cannot be asked; its callback,
    // which carries our payment id, or expiry decides.
    if (!payment.providerRef) return { state: 'pending' };
    const transaction = await this.retrieveTransaction(payment.providerRef);
    if (!transaction) return { state: 'pending' };
    if (transaction.paymentId && transaction.paymentId !== payment.id) {
      // Never settle a payment from another payment's transaction.
      return { state: 'pending' };
    }
    return transaction.report;
  }

  /**
   * Sends the money back to the number it came from, as a withdrawal from the app's balance. Its
   * external reference is not the payment id, which names the collection, and the refunded total
   * makes a repeat recognisable in Campay's history.
   */
  async refund(payment: PaymentRecord, input: RefundInput): Promise<void> {
    if (!payment.phoneNumber) throw new Error(`Campay refund: payment ${payment.id} has no number`);
    // Campay takes no idempotency key: an earlier withdrawal whose answer never came (a timeout,
    // or the app stopped before recording it) may have sent money we have not recorded. Its
    // history says; only what has not gone out yet is sent now.
    const unrecorded = (await this.refundsSent(payment)) - input.refundedBefore;
    const amount = input.amount - Math.max(0, unrecorded);
    if (amount <= 0) return;
    await this.client.withdraw({
      amount,
      currency: 'XAF',
      to: payment.phoneNumber,
      description: `${REFUND_DESCRIPTION_PREFIX} ${payment.id}`,
      externalReference: `refund-${payment.id}-${input.refundedTotal}`,
    });
  }

  /** What our refund withdrawals for `payment` sent, as Campay's history lists them. */
  private async refundsSent(payment: PaymentRecord): Promise<number> {
    const DAY_MS = 86_400_000;
    // A day either side: Campay's days may not be UTC's.
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    const entries = await this.client.history({
      from: day(payment.createdAt.getTime() - DAY_MS),
      to: day(Date.now() + DAY_MS),
    });
    const description = `${REFUND_DESCRIPTION_PREFIX} ${payment.id}`;
    return entries
      .filter((e) => e.description === description && e.status.toUpperCase() !== 'FAILED')
      .reduce((sum, e) => sum + e.amount, 0);
  }

  /** The transaction Campay holds under `reference`, or null when it knows none. */
  async retrieveTransaction(reference: string): Promise<CampayTransactionView | null> {
    const transaction = await this.client.transaction(reference);
    if (!transaction) return null;
    return {
      reference: transaction.reference,
      paymentId: transaction.external_reference ?? null,
      isCollection: isCollectionEndpoint(transaction.endpoint),
      report: campayReport(transaction),
    };
  }

  /** Campay cannot cancel a collection; an unanswered prompt simply lapses on the operator side. */
  async abandon(payment: PaymentRecord): Promise<ProviderReport> {
    const report = await this.check(payment);
    return report.state === 'pending' ? { state: 'failed', reason: EXPIRED_REASON } : report;
  }
}

export function campayReport(transaction: CampayTransaction): ProviderReport {
  switch (transaction.status.toUpperCase()) {
    case 'SUCCESSFUL':
      return {
        state: 'completed',
        amount: transaction.amount,
        currency: transaction.currency,
        providerRef: transaction.reference,
      };
    case 'FAILED': {
      const reason = transaction.reason?.trim() ?? '';
      return {
        state: 'failed',
        // Campay's own "expired" must not read as our expiry, which a late success may undo.
        reason:
          reason.toLowerCase() === EXPIRED_REASON
            ? `Campay: ${reason}`
            : reason || 'Campay reported the payment failed, without a reason.',
        providerRef: transaction.reference,
      };
    }
    default:
      return { state: 'pending', providerRef: transaction.reference };
  }
}
