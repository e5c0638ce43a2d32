import { useTranslation } from 'react-i18next';
import type { TrackingPayment } from '#shared/schemas/tracking';

/** E-mail (or 'No email') over the phone number, as the voter gave them. */
export function PaymentContact({
  payment,
}: {
  payment: Pick<TrackingPayment, 'voterEmail' | 'phoneNumber'>;
}) {
  const { t } = useTranslation('tracking');
  return (
    <span className="flex min-w-0 flex-col">
      {payment.voterEmail ? (
        <span className="truncate" title={payment.voterEmail}>
          {payment.voterEmail}
        </span>
      ) : (
        <span className="text-muted-foreground italic">{t('table.noEmail')}</span>
      )}
      {payment.phoneNumber ? (
        <span className="text-sm text-muted-foreground tabular-nums">{payment.phoneNumber}</span>
      ) : null}
    </span>
  );
}
