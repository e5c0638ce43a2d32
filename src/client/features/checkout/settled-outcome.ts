import type { CreditedStatus } from '#shared/schemas/payment';
import type { ReceiptDetail } from '#shared/schemas/receipt';
import { errorStatus } from '#client/lib/api-error';
import { fetchReceiptForPayment } from '#client/features/receipts/index';

/**
 * What the page shows for a payment that left pending or review with a credited status: its
 * receipt (with what a refund or a dispute changed since), or, for a payment refunded from review
 * (never counted, so it has no receipt), that the money went back.
 */
export type SettledOutcome =
  { kind: 'receipt'; receipt: ReceiptDetail } | { kind: 'refunded' } | { kind: 'unavailable' };

export async function loadSettledOutcome(
  paymentId: string,
  status: CreditedStatus,
): Promise<SettledOutcome> {
  try {
    return { kind: 'receipt', receipt: await fetchReceiptForPayment(paymentId) };
  } catch (error) {
    // 409: the payment has no receipt.
    if (status === 'refunded' && errorStatus(error) === 409) return { kind: 'refunded' };
    return { kind: 'unavailable' };
  }
}
