import type { CampayClient, CampayTransaction } from './campay-client.js';
import type { MobileMoneyProvider, PaymentRecord, ProviderReport } from './payment-provider.js';
import { isSandboxRef } from './sandbox-refs.js';

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
    const transaction = await this.client.transaction(payment.providerRef);
    if (!transaction) return { state: 'pending' };
    if (transaction.external_reference && transaction.external_reference !== payment.id) {
      // Never settle a payment from another payment's transaction.
      return { state: 'pending' };
    }
    return campayReport(transaction);
  }

  /** Campay cannot cancel a collection; an unanswered prompt simply lapses on the operator side. */
  async abandon(payment: PaymentRecord): Promise<ProviderReport> {
    const report = await this.check(payment);
    return report.state === 'pending' ? { state: 'failed', reason: 'expired' } : report;
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
    case 'FAILED':
      return {
        state: 'failed',
        reason:
          transaction.reason?.trim() || 'Campay reported the payment failed, without a reason.',
        providerRef: transaction.reference,
      };
    default:
      return { state: 'pending', providerRef: transaction.reference };
  }
}
