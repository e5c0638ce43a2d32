import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_PROVIDER, PROVIDER_CURRENCY, PROVIDERS } from '#shared/money';
import type { FinanceTotals as Totals } from '#shared/schemas/finance';
import { Badge } from '#client/components/ui/badge';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/cn';
import { MoneyCardHeading } from '../money-card-heading';
import { useFinanceFormat } from './use-finance-format';

function CurrencyCard({ totals }: { totals: Totals }) {
  const { t } = useTranslation('admin');
  const format = useFinanceFormat();
  const { currency } = totals;
  const money = (amount: number) => format.money(amount, currency);
  const provider = CURRENCY_PROVIDER[currency];
  const headingId = `finance-totals-${currency}`;
  const figures: [string, string, ReactNode?][] = [
    [t('finance.gross'), money(totals.gross)],
    [
      t('finance.fees'),
      money(totals.fees),
      totals.estimatedFeePayments > 0 ? (
        <Badge variant="accent">{t('finance.estimate')}</Badge>
      ) : undefined,
    ],
    [t('finance.refunds'), money(totals.refunds)],
    [t('finance.disputesHeld'), money(totals.disputesHeld)],
    [t('finance.disputesLost'), money(totals.disputesLost)],
    [t('finance.payments'), format.number(totals.payments)],
  ];
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" role="group" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <MoneyCardHeading
          provider={provider}
          id={headingId}
          title={t(`finance.currencies.${currency}`)}
          note={t(`finance.currencyNotes.${currency}`)}
        />
        <dl className="text-right">
          <dt className="text-xs font-medium text-muted-foreground">{t('finance.net')}</dt>
          <dd
            className={cn(
              'font-display text-2xl leading-tight font-semibold tabular-nums sm:text-3xl',
              totals.net < 0 && 'text-destructive',
            )}
          >
            {money(totals.net)}
          </dd>
        </dl>
      </div>
      {/* One column below 360 px: half of such a card is narrower than "Remboursements". */}
      <dl className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3">
        {figures.map(([label, value, badge]) => (
          <div key={label} className="min-w-0 rounded-lg bg-muted/60 px-3 py-2">
            <dt className="flex min-h-5 flex-wrap items-center gap-1.5 text-xs font-medium text-muted-foreground">
              {label}
              {badge}
            </dt>
            <dd className="mt-0.5 font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {totals.estimatedFeePayments > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t('finance.estimatedPart', {
            amount: money(totals.estimatedFees),
            count: totals.estimatedFeePayments,
            total: totals.payments,
          })}
        </p>
      ) : null}
      {totals.needsReview > 0 ? (
        <p className="flex items-start gap-2 rounded-lg bg-gold-100 px-3 py-2 text-sm text-gold-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('finance.needsReview', {
            count: totals.needsReview,
            amount: money(totals.needsReviewAmount),
          })}
        </p>
      ) : null}
    </Card>
  );
}

interface FinanceTotalsProps {
  totals: Totals[] | undefined;
}

/** Card money first, as on the rest of the dashboard. */
const CURRENCY_ORDER = PROVIDERS.map((provider) => PROVIDER_CURRENCY[provider]);

/** One card per currency: currencies are never added together. */
export function FinanceTotals({ totals }: FinanceTotalsProps) {
  const ordered = totals
    ? [...totals].sort(
        (a, b) => CURRENCY_ORDER.indexOf(a.currency) - CURRENCY_ORDER.indexOf(b.currency),
      )
    : undefined;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {ordered
        ? ordered.map((entry) => <CurrencyCard key={entry.currency} totals={entry} />)
        : [0, 1].map((n) => (
            <Card key={n} className="p-5">
              <Skeleton className="h-40 w-full" />
            </Card>
          ))}
    </div>
  );
}
