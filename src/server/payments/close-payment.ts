import { and, eq, sql } from 'drizzle-orm';
import { payments } from '#server/db/schema.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import { applyProviderReport } from './apply-provider-report.js';
import { paymentRecordColumns } from './payment-record.js';
import type { PaymentsContext } from './payments-context.js';
import type { ProviderReport } from './providers/payment-provider.js';

/**
 * Closes a pending payment before its time: the provider is told to take no money for it (a card
 * intent is cancelled, so a client that kept its secret cannot try more cards on it) and the
 * payment fails with `reason`. If the provider says it was paid meanwhile, that wins, as it does
 * when the reconciler lets a payment expire. Returns the status this call learned, or null when
 * the payment was no longer pending.
 */
export async function closePendingPayment(
  ctx: Pick<PaymentsContext, 'db' | 'providers' | 'settlement'>,
  paymentId: string,
  reason: string,
): Promise<PaymentStatus | null> {
  const [record] = await ctx.db
    .update(payments)
    .set({ providerCheckedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning(paymentRecordColumns);
  if (!record) return null;
  const provider = ctx.providers.forPayment(record);
  let report: ProviderReport = { state: 'failed', reason };
  if (provider) {
    const answer = await provider.abandon(record);
    // The provider's word on a success stands; its own wording of the cancellation does not.
    report = answer.state === 'failed' ? { ...answer, reason } : answer;
  }
  const applied = await applyProviderReport(ctx, paymentId, record.provider, report, 'reconcile');
  return applied.status;
}
