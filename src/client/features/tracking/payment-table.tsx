import { useTranslation } from 'react-i18next';
import { formatMoney } from '#client/lib/format-money';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { useLanguage } from '#client/lib/use-language';
import { useProviderLabel } from '#client/lib/use-provider-label';
import { formatDateTime } from '#shared/format-date';
import { PaymentContact } from './payment-contact';
import { PaymentIdCell } from './payment-id-cell';
import { PaymentRowActions } from './payment-row-actions';
import { PaymentStatusBadge } from './payment-status-badge';
import { FlagBadge } from './payment-flags';
import { timeZoneShortName, type TrackingTimeZone } from './tracking-timezone';

interface PaymentListProps {
  payments: readonly TrackingPayment[];
  timeZone: TrackingTimeZone;
}

const th =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const td = 'px-3 py-3 align-top';

/** Tablets and larger: one row per payment, every column side by side. */
export function PaymentTable({ payments, timeZone }: PaymentListProps) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const providerLabel = useProviderLabel();
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{t('table.caption')}</caption>
      <colgroup>
        <col className="w-32" />
        <col className="w-28" />
        <col className="w-28" />
        <col />
        <col className="w-32" />
        <col className="w-36" />
        <col className="w-44" />
      </colgroup>
      <thead className="border-b border-border bg-muted/60">
        <tr>
          <th scope="col" className={th}>
            {t('table.paymentId')}
          </th>
          <th scope="col" className={th}>
            {t('table.provider')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('table.amount')}
          </th>
          <th scope="col" className={th}>
            {t('table.contact')}
          </th>
          <th scope="col" className={th}>
            {t('table.status')}
          </th>
          <th scope="col" className={th}>
            {t('table.createdIn', { zone: timeZoneShortName(timeZone) })}
          </th>
          <th scope="col" className={th}>
            {t('table.actions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id} className="border-b border-border last:border-b-0 hover:bg-muted/40">
            <td className={`${td} py-2`}>
              <PaymentIdCell id={payment.id} />
            </td>
            <td className={td}>{providerLabel(payment.provider, payment.sandbox)}</td>
            <td className={`${td} text-right font-medium whitespace-nowrap tabular-nums`}>
              {formatMoney(payment.amount, payment.currency, language)}
            </td>
            <td className={td}>
              <PaymentContact payment={payment} />
            </td>
            <td className={td}>
              <span className="flex flex-col items-start gap-1">
                <PaymentStatusBadge payment={payment} />
                <FlagBadge flags={payment.flags} />
              </span>
            </td>
            <td className={`${td} tabular-nums`}>
              <time dateTime={payment.createdAt}>
                {formatDateTime(payment.createdAt, language, timeZone)}
              </time>
            </td>
            <td className={`${td} py-2`}>
              <div className="flex flex-col items-start gap-1.5">
                <PaymentRowActions payment={payment} timeZone={timeZone} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
