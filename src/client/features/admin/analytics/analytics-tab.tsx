import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from '#shared/limits';
import { useAdminLive } from '../api/use-admin-live';
import { ActivitySection } from './activity-section';
import { CategoryRankings } from './category-rankings';
import { PeriodSelect } from '../period-select';
import { ProviderStats } from './provider-stats';
import { TabHeading } from '../tab-heading';

/** Loaded on demand by the dashboard (it brings the charts). */
export function AnalyticsTab() {
  const { t } = useTranslation('admin');
  const [period, setPeriod] = useState<Period>('all');
  useAdminLive();
  return (
    <section aria-labelledby="analytics-heading" className="flex flex-col gap-6">
      <TabHeading
        id="analytics-heading"
        title={t('analytics.heading')}
        action={<PeriodSelect value={period} onChange={setPeriod} />}
      />
      <ProviderStats period={period} />
      <ActivitySection period={period} />
      <CategoryRankings period={period} />
    </section>
  );
}
