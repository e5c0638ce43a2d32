import type { TrackingPayment } from '#shared/schemas/tracking';
import { isDeclinedWhilePending } from '#shared/payment-shown-status';

export const DISPLAY_STATUSES = [
  'completed',
  'failed',
  'attempted',
  'abandoned',
  'refunded',
  'disputed',
  'needs_review',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/**
 * A pending payment reads 'failed' when its last try was refused (a declined card: the voter was
 * told it failed), 'attempted' once the voter started paying (attemptedAt set) and 'abandoned'
 * when they never did. A status this client does not know yet is shown as stored.
 */
export function displayStatus(
  payment: Pick<TrackingPayment, 'status' | 'attemptedAt' | 'failureReason'>,
): string {
  if (isDeclinedWhilePending(payment)) return 'failed';
  if (payment.status === 'pending') return payment.attemptedAt ? 'attempted' : 'abandoned';
  return payment.status;
}

export function isDisplayStatus(value: string): value is DisplayStatus {
  return (DISPLAY_STATUSES as readonly string[]).includes(value);
}

export type RefundablePayment = Pick<
  TrackingPayment,
  'id' | 'provider' | 'status' | 'amount' | 'currency' | 'refundedAmount' | 'failureReason'
>;

/**
 * Money that can still go back: a credited payment, not under dispute, not wholly refunded, or
 * one held in review (all it brought in goes back).
 */
export function isRefundable(payment: RefundablePayment): boolean {
  return (
    payment.status === 'needs_review' ||
    ((payment.status === 'completed' || payment.status === 'refunded') &&
      payment.refundedAmount < payment.amount)
  );
}

/** The payment ID is shown as its first 8 characters. */
export const shortPaymentId = (id: string) => id.slice(0, 8);

/** Today's date (YYYY-MM-DD) in the zone, as the export's file name uses it. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whether a payment has anything to act on: its receipt and messages, a refund, a review, flags. */
export function hasRowActions(payment: TrackingPayment): boolean {
  return (
    Boolean(payment.receiptCode) ||
    isRefundable(payment) ||
    payment.status === 'needs_review' ||
    payment.flags.length > 0
  );
}
