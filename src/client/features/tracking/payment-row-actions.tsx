import type { TrackingPayment } from '#shared/schemas/tracking';
import { isRefundable } from './payment-display';
import { MessagesDialog } from './messages-dialog';
import { ReceiptLink } from './receipt-link';
import { RefundDialog } from './refund-dialog';
import { ReviewDialog } from './review-dialog';
import { FlagsDialog } from './payment-flags';
import type { TrackingTimeZone } from './tracking-timezone';

/** What an admin can do with one payment, the same in the phone's cards and the laptop's table. */
export function PaymentRowActions({
  payment,
  timeZone,
}: {
  payment: TrackingPayment;
  timeZone: TrackingTimeZone;
}) {
  return (
    <>
      {payment.receiptCode ? <ReceiptLink code={payment.receiptCode} /> : null}
      {payment.receiptCode ? <MessagesDialog payment={payment} timeZone={timeZone} /> : null}
      {isRefundable(payment) ? <RefundDialog payment={payment} /> : null}
      {payment.status === 'needs_review' ? <ReviewDialog payment={payment} /> : null}
      {payment.flags.length ? <FlagsDialog payment={payment} /> : null}
    </>
  );
}
