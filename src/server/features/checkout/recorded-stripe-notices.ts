import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { payments } from '#server/db/schema.js';
import { waitsForSuccess, type StripeNotice } from '#server/payments/index.js';

interface Standing {
  status: string;
  failureReason: string | null;
  refundedAmount: number;
  disputeId: string | null;
  disputeStatus: string | null;
  providerFee: number | null;
}

const intentOf = (notice: StripeNotice) =>
  notice.kind === 'intent' ? notice.view.intentId : notice.intentId;

/**
 * Which of `notices` the payments already show, read in one statement, so reading back events
 * the webhooks delivered (most of them) costs a query per listing rather than a settlement or a
 * revision each. Only what is certainly recorded is left out: applying the rest is harmless
 * anyway (applyStripeNotice decides from state).
 */
export async function recordedStripeNotices(
  db: Db,
  notices: readonly StripeNotice[],
): Promise<Set<StripeNotice>> {
  const intents = [...new Set(notices.map(intentOf))];
  const recorded = new Set<StripeNotice>();
  if (intents.length === 0) return recorded;
  const rows = await db
    .select({
      providerRef: payments.providerRef,
      status: payments.status,
      failureReason: payments.failureReason,
      refundedAmount: payments.refundedAmount,
      disputeId: payments.disputeId,
      disputeStatus: payments.disputeStatus,
      providerFee: payments.providerFee,
    })
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), inArray(payments.providerRef, intents)));
  const byIntent = new Map(rows.map((row) => [row.providerRef!, row]));
  for (const notice of notices) {
    const payment = byIntent.get(intentOf(notice));
    if (payment && shows(payment, notice)) recorded.add(notice);
  }
  return recorded;
}

function shows(payment: Standing, notice: StripeNotice): boolean {
  if (waitsForSuccess(payment)) return false;
  switch (notice.kind) {
    case 'intent': {
      const { state } = notice.view.report;
      // A success settled, with its fee known; a failure of a payment already settled either way.
      if (state === 'completed') return payment.providerFee !== null;
      return state === 'failed';
    }
    case 'refund':
      return notice.refundedAmount <= payment.refundedAmount;
    case 'dispute':
      return payment.disputeId === notice.disputeId && payment.disputeStatus === notice.status;
    case 'charge-settled':
      return payment.providerFee !== null;
  }
}
