import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from '#shared/limits';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useLanguage } from '#client/lib/use-language';
import type { ActivityMetric } from './activity-chart';
import { activityPoints } from './activity-points';
import { useTimeseries } from '../api/admin-queries';
import { SegmentedToggle } from '#client/components/ui/segmented-toggle';
import { useFormatters } from '../use-formatters';

const ActivityChart = lazy(() =>
  import('./activity-chart').then((m) => ({ default: m.ActivityChart })),
);

const METRICS: ActivityMetric[] = ['votes', 'revenue'];
const chartPlaceholder = <Skeleton className="h-[280px] w-full" />;

interface ActivitySectionProps {
  period: Period;
}

/** Votes and revenue over time per provider, with the same figures as a table for readers. */
export function ActivitySection({ period }: ActivitySectionProps) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const format = useFormatters();
  const [metric, setMetric] = useState<ActivityMetric>('votes');
  const { data, isPending, isError } = useTimeseries(period);
  const points = useMemo(() => (data ? activityPoints(data, language) : []), [data, language]);

  let body;
  if (isPending) body = chartPlaceholder;
  else if (isError)
    body = (
      <p className="py-8 text-center text-sm text-muted-foreground">{t('analytics.chartFailed')}</p>
    );
  else if (points.length === 0)
    body = (
      <p className="py-8 text-center text-sm text-muted-foreground">{t('analytics.chartEmpty')}</p>
    );
  else {
    body = (
      <>
        {/* The table below says the same to assistive tech; the drawing is for the eyes. */}
        <div aria-hidden="true">
          <Suspense fallback={chartPlaceholder}>
            <ActivityChart
              points={points}
              metric={metric}
              formatNumber={format.number}
              formatCompact={format.compact}
              formatMoney={format.money}
            />
          </Suspense>
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer rounded font-medium text-ink-700 focus-visible:outline-2 focus-visible:outline-ring">
            {t('analytics.showTable')}
          </summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">{t('analytics.chartHeading')}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('analytics.tableTime')}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('analytics.tableCardVotes')}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('analytics.tableCardRevenue')}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('analytics.tableMobileVotes')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('analytics.tableMobileRevenue')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {points.map((point) => (
                  <tr key={point.start}>
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {point.label}
                    </th>
                    <td className="py-1 pr-3">{format.number(point.cardVotes)}</td>
                    <td className="py-1 pr-3">{format.money(point.cardRevenue, 'USD')}</td>
                    <td className="py-1 pr-3">{format.number(point.mobileMoneyVotes)}</td>
                    <td className="py-1">{format.money(point.mobileMoneyRevenue, 'XAF')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </>
    );
  }

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="activity-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h3 id="activity-heading" className="font-display text-xl font-semibold">
            {t('analytics.chartHeading')}
          </h3>
          <SegmentedToggle
            label={t('analytics.metricLabel')}
            value={metric}
            onChange={setMetric}
            options={METRICS.map((option) => ({
              value: option,
              label: t(`analytics.metrics.${option}`),
            }))}
          />
        </div>
        {body}
      </section>
    </Card>
  );
}
