import { useTranslation } from 'react-i18next';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { Badge } from '#client/components/ui/badge';
import { displayStatus, isDisplayStatus, type DisplayStatus } from './payment-display';

const VARIANTS = {
  completed: 'success',
  failed: 'destructive',
  attempted: 'accent',
  abandoned: 'muted',
} as const satisfies Record<DisplayStatus, string>;

/** The status as voters and admins read it, plus the failure reason: "why did it fail?" is the usual call. */
export function PaymentStatusBadge({
  payment,
}: {
  payment: Pick<TrackingPayment, 'status' | 'attemptedAt' | 'failureReason'>;
}) {
  const { t } = useTranslation('tracking');
  const status = displayStatus(payment);
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-1">
      {isDisplayStatus(status) ? (
        <Badge variant={VARIANTS[status]}>{t(`statuses.${status}`)}</Badge>
      ) : (
        <Badge variant="outline">{status}</Badge>
      )}
      {payment.failureReason ? (
        <span className="max-w-48 text-xs break-words text-muted-foreground">
          {payment.failureReason}
        </span>
      ) : null}
    </span>
  );
}
