import { useTranslation } from 'react-i18next';
import { parseAmountMismatch } from '#shared/amount-mismatch';
import { holdReasonOf } from '#shared/held-for-review';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { Badge } from '#client/components/ui/badge';
import { formatMoney } from '#client/lib/format-money';
import { useLanguage } from '#client/lib/use-language';
import { displayStatus, isDisplayStatus, type DisplayStatus } from './payment-display';

const VARIANTS = {
  completed: 'success',
  failed: 'destructive',
  attempted: 'accent',
  abandoned: 'muted',
  refunded: 'outline',
  disputed: 'destructive',
  needs_review: 'warning',
} as const satisfies Record<DisplayStatus, string>;

/**
 * The status as voters and admins read it, plus what explains it: the failure reason ("why did it
 * fail?" is the usual call), the money received when it was not what the order asked, or how much
 * of the money went back.
 */
export function PaymentStatusBadge({
  payment,
}: {
  payment: Pick<
    TrackingPayment,
    'status' | 'attemptedAt' | 'failureReason' | 'amount' | 'currency' | 'refundedAmount'
  >;
}) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const status = displayStatus(payment);
  // Other money than the order asked for reads as amounts, not as the stored reason's code.
  const mismatch = parseAmountMismatch(payment.failureReason);
  const held = holdReasonOf(payment.failureReason);
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-1">
      {isDisplayStatus(status) ? (
        <Badge variant={VARIANTS[status]}>{t(`statuses.${status}`)}</Badge>
      ) : (
        <Badge variant="outline">{status}</Badge>
      )}
      {payment.refundedAmount > 0 ? (
        <span className="max-w-48 text-xs break-words text-muted-foreground">
          {t('refund.refundedOf', {
            refunded: formatMoney(payment.refundedAmount, payment.currency, language),
            amount: formatMoney(payment.amount, payment.currency, language),
          })}
        </span>
      ) : null}
      {payment.failureReason ? (
        <span className="max-w-48 text-xs break-words text-muted-foreground">
          {mismatch
            ? t('refund.amountMismatch', {
                reported: formatMoney(
                  mismatch.reported.amount,
                  mismatch.reported.currency,
                  language,
                ),
                expected: formatMoney(
                  mismatch.expected.amount,
                  mismatch.expected.currency,
                  language,
                ),
              })
            : held !== null
              ? t('flags.heldBecause', { reason: held })
              : payment.failureReason}
        </span>
      ) : null}
    </span>
  );
}
