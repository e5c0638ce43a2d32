import type { AppContext } from '#server/app-context.js';
import {
  applyProviderReport,
  paymentIdByProviderRef,
  recordProviderFee,
  revisePayment,
  type StripeNotice,
} from '#server/payments/index.js';
import { uuidSchema } from '#shared/schemas/ids.js';
import { recordCardDecline } from './card-testing.js';

/**
 * `applied`: the notice is recorded, or there was nothing of ours to record. `deferred`: it must
 * wait for something not recorded yet (an amount change landing, a success not heard of), and
 * whoever brought it should bring it again later.
 */
export type StripeNoticeOutcome = 'applied' | 'deferred';

/** Who brought the event: its webhook delivery, or the catch-up reading Stripe's Events API. */
export type StripeNoticeSource = 'webhook' | 'reconcile';

/**
 * The one way a Stripe event changes a payment, whether it came as a webhook or was read back
 * later. Each step decides from state, never from having seen the event: an intent's success
 * settles once (settle() makes repeats no-ops), refunds carry the charge's running total and
 * disputes their current status (revisePayment() keeps the larger refund and a closed dispute
 * closed), a decline is keyed by its event, and a fee is only filled while unknown. So the same
 * event applied twice, or events applied out of order, end in the same state.
 */
export async function applyStripeNotice(
  ctx: AppContext,
  notice: StripeNotice,
  source: StripeNoticeSource,
): Promise<StripeNoticeOutcome> {
  if (notice.kind === 'intent') {
    const paymentId = notice.view.paymentId;
    // Intents that are not ours (another integration on the account) are left alone.
    if (!paymentId || !uuidSchema.safeParse(paymentId).success) return 'applied';
    const applied = await applyProviderReport(ctx, paymentId, 'stripe', notice.view.report, source);
    // Held back while an amount change of this payment lands.
    if (applied.deferred) return 'deferred';
    if (notice.declineRef) await recordCardDecline(ctx, paymentId, notice.declineRef);
    // Once settled (its transaction committed), Stripe's fee: never part of the settlement.
    if (notice.view.report.state === 'completed') await recordProviderFee(ctx, paymentId);
    return 'applied';
  }
  const paymentId = await paymentIdByProviderRef(ctx.db, 'stripe', notice.intentId);
  if (!paymentId) return 'applied';
  if (notice.kind === 'charge-settled') {
    await recordProviderFee(ctx, paymentId);
    return 'applied';
  }
  const revised = await revisePayment(
    ctx,
    paymentId,
    notice.kind === 'refund'
      ? { kind: 'refund', refundedAmount: notice.refundedAmount }
      : { kind: 'dispute', disputeId: notice.disputeId, status: notice.status },
    source,
  );
  // A refund or dispute of a payment whose success has not reached us yet.
  return revised.deferred ? 'deferred' : 'applied';
}
