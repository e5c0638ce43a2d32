import { and, eq } from 'drizzle-orm';
import type { PaymentsContext } from './payments-context.js';
import { payments } from '#server/db/schema.js';
import type { Provider } from '#shared/money.js';
import type { ProviderReport } from './providers/payment-provider.js';
import type { PaymentStatus } from '#shared/schemas/payment.js';
import type { SettleSource } from './settle.js';
import { settlePayment } from './settle-payment.js';

export interface AppliedReport {
  /** The payment's status after the report; null when the payment is unknown or not this provider's. */
  status: PaymentStatus | null;
  changed: boolean;
  /** A success held back while a card amount change is under way: the reporter should ask again. */
  deferred?: true;
}

/**
 * Turns what a provider said into the payment's state. Decided outcomes go through settle()'s
 * batched form (the only way out of `pending`); an open attempt's error is only noted on the
 * pending payment.
 */
export async function applyProviderReport(
  ctx: Pick<PaymentsContext, 'db' | 'settlement'>,
  paymentId: string,
  provider: Provider,
  report: ProviderReport,
  source: SettleSource,
): Promise<AppliedReport> {
  if (report.state === 'completed') {
    const result = await settlePayment(ctx, {
      paymentId,
      outcome: {
        status: 'completed',
        amount: report.amount,
        currency: report.currency,
        providerRef: report.providerRef,
        ...(report.fee === undefined ? {} : { providerFee: report.fee }),
      },
      source,
      expectProvider: provider,
    });
    return {
      status: result.status,
      changed: result.changed,
      ...(result.deferred ? { deferred: true as const } : {}),
    };
  }
  if (report.state === 'failed') {
    const result = await settlePayment(ctx, {
      paymentId,
      outcome: { status: 'failed', reason: report.reason, providerRef: report.providerRef },
      source,
      expectProvider: provider,
    });
    return { status: result.status, changed: result.changed };
  }
  if (report.lastError) {
    const noted = await ctx.db
      .update(payments)
      .set({ failureReason: report.lastError.slice(0, 500), updatedAt: new Date() })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'pending'),
          eq(payments.provider, provider),
        ),
      )
      .returning({ id: payments.id });
    return { status: noted.length ? 'pending' : null, changed: false };
  }
  return { status: null, changed: false };
}
