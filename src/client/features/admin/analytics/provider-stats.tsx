import { useTranslation } from 'react-i18next';
import type { Period } from '#shared/limits';
import { PROVIDER_CURRENCY, type Provider } from '#shared/money';
import type { ProviderTotals } from '#shared/schemas/analytics';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useProviderLabel } from '#client/lib/use-provider-label';
import { usePeriodStats } from '../api/admin-queries';
import { MoneyCardHeading } from '../money-card-heading';
import { useFormatters } from '../use-formatters';

interface ProviderCardProps {
  provider: Provider;
  totals: ProviderTotals | undefined;
  failed: boolean;
}

function ProviderCard({ provider, totals, failed }: ProviderCardProps) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const providerLabel = useProviderLabel();
  const currency = PROVIDER_CURRENCY[provider];
  const headingId = `provider-${provider}`;
  // Revenue is in minor units (USD cents, whole XAF); the average keeps that unit.
  const average = totals && totals.votes > 0 ? totals.revenue / totals.votes : 0;
  const rows: [string, string | undefined][] = [
    [t('analytics.votes'), totals && format.number(totals.votes)],
    [t('analytics.revenue'), totals && format.money(totals.revenue, currency)],
    [t('analytics.averagePerVote'), totals && format.money(average, currency)],
    [t('analytics.payments'), totals && format.number(totals.payments)],
  ];
  return (
    <Card className="p-4 sm:p-5" role="group" aria-labelledby={headingId}>
      <MoneyCardHeading
        provider={provider}
        id={headingId}
        title={providerLabel(provider)}
        note={t(`analytics.currencies.${provider}`)}
      />
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-lg bg-muted/60 p-3">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 text-base font-semibold tabular-nums [overflow-wrap:anywhere] min-[360px]:text-lg">
              {value ?? (failed ? '—' : <Skeleton className="mt-1 h-6 w-16" />)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

interface ProviderStatsProps {
  period: Period;
}

/** Card and mobile-money totals for the period: votes, revenue, average per vote, payments. */
export function ProviderStats({ period }: ProviderStatsProps) {
  const { t } = useTranslation('admin');
  const { data, isError } = usePeriodStats(period);
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <ProviderCard provider="stripe" totals={data?.stripe} failed={isError} />
        <ProviderCard provider="campay" totals={data?.campay} failed={isError} />
      </div>
      {isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('analytics.loadFailed')}
        </p>
      ) : null}
    </div>
  );
}
