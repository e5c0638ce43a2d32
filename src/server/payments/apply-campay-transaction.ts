import { and, eq } from 'drizzle-orm';
import { payments } from '#server/db/schema.js';
import { uuidSchema } from '#shared/schemas/ids.js';
import { applyProviderReport } from './apply-provider-report.js';
import type { PaymentsContext } from './payments-context.js';
import type { CampayTransactionView } from './providers/campay-provider.js';

/** What a Campay transaction reported by its callback did to our payments. */
export type CampayTransactionOutcome =
  | { kind: 'applied' }
  /** The transaction names none of our payments. */
  | { kind: 'not-ours' }
  /** A withdrawal (money the app sent out, a refund say): it never settles a payment. */
  | { kind: 'not-a-collection' }
  /** Campay gave us another transaction for this payment when it accepted the collect request. */
  | { kind: 'other-transaction'; paymentId: string; stored: string };

/**
 * Settles the payment a Campay transaction belongs to from what Campay holds, never from what a
 * callback said. Only a collection settles, and only the transaction Campay gave us for the payment
 * (when it gave one before the callback came).
 */
export async function applyCampayTransaction(
  ctx: Pick<PaymentsContext, 'db' | 'settlement'>,
  transaction: CampayTransactionView,
): Promise<CampayTransactionOutcome> {
  const { paymentId } = transaction;
  if (!paymentId || !uuidSchema.safeParse(paymentId).success) return { kind: 'not-ours' };
  if (!transaction.isCollection) return { kind: 'not-a-collection' };
  const [payment] = await ctx.db
    .select({ providerRef: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.provider, 'campay')));
  if (payment?.providerRef && payment.providerRef !== transaction.reference) {
    return { kind: 'other-transaction', paymentId, stored: payment.providerRef };
  }
  await applyProviderReport(ctx, paymentId, 'campay', transaction.report, 'callback');
  return { kind: 'applied' };
}
