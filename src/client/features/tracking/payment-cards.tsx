import { useTranslation } from 'react-i18next';
import { formatMoney } from '#client/lib/format-money';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { useLanguage } from '#client/lib/use-language';
import { useProviderLabel } from '#client/lib/use-provider-label';
import { formatDateTime } from '#shared/format-date';
import { PaymentContact } from './payment-contact';
import { PaymentIdCell } from './payment-id-cell';
import { hasRowActions } from './payment-display';
import { PaymentRowActions } from './payment-row-actions';
import { PaymentStatusBadge } from './payment-status-badge';
import { FlagBadge } from './payment-flags';
import { timeZoneShortName, type TrackingTimeZone } from './tracking-timezone';

interface PaymentListProps {
  payments: readonly TrackingPayment[];
  timeZone: TrackingTimeZone;
}

/**
 * Phones: a seven-column table would scroll sideways, so each payment is a card with the same
 * fields, labelled, and the id and status (what a caller is asked about first) on top.
 */
export function PaymentCards({ payments, timeZone }: PaymentListProps) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const providerLabel = useProviderLabel();
  return (
    <ul aria-label={t('table.caption')} className="divide-y divide-border">
      {payments.map((payment) => (
        <li key={payment.id} className="flex flex-col gap-2 px-4 py-3">
          <div className="flex items-center justify-between gap-2">
            <PaymentIdCell id={payment.id} />
            <span className="flex flex-col items-end gap-1">
              <PaymentStatusBadge payment={payment} />
              <FlagBadge flags={payment.flags} />
            </span>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">{t('table.amount')}</dt>
            <dd className="font-semibold tabular-nums">
              <span>{formatMoney(payment.amount, payment.currency, language)}</span>
              <span className="ml-2 font-normal text-muted-foreground">
                {providerLabel(payment.provider, payment.sandbox)}
              </span>
            </dd>
            <dt className="text-muted-foreground">{t('table.contact')}</dt>
            <dd className="min-w-0">
              <PaymentContact payment={payment} />
            </dd>
            <dt className="text-muted-foreground">
              {t('table.createdIn', { zone: timeZoneShortName(timeZone) })}
            </dt>
            <dd className="tabular-nums">
              <time dateTime={payment.createdAt}>
                {formatDateTime(payment.createdAt, language, timeZone)}
              </time>
            </dd>
          </dl>
          {hasRowActions(payment) ? (
            <div className="flex flex-wrap items-center gap-2">
              <PaymentRowActions payment={payment} timeZone={timeZone} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
