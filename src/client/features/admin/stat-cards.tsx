import { CreditCard, Smartphone, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStats } from './api/admin-queries';
import { useAdminLive } from './api/use-admin-live';
import { StatCard } from './stat-card';
import { useFormatters } from './use-formatters';

/** The four dashboard figures: refreshed after each settled payment, and every 30 s by useStats. */
export function StatCards() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const { data: stats, isError } = useStats();
  useAdminLive();
  // On failure the last known figures stay; a dash stands in when there were none.
  const missing = isError && !stats ? '—' : undefined;
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        {t('stats.heading')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          icon={Users}
          label={t('stats.totalArtists')}
          value={stats ? format.number(stats.totalArtists) : missing}
        />
        <StatCard
          icon={Trophy}
          tone="gold"
          label={t('stats.categories')}
          value={stats ? format.number(stats.totalCategories) : missing}
        />
        <StatCard
          icon={CreditCard}
          tone="blue"
          label={t('stats.cardVotes')}
          value={stats ? format.number(stats.stripe.votes) : missing}
          detail={
            stats
              ? t('stats.revenue', { amount: format.money(stats.stripe.revenue, 'USD') })
              : undefined
          }
        />
        <StatCard
          icon={Smartphone}
          tone="green"
          label={t('stats.mobileMoneyVotes')}
          value={stats ? format.number(stats.campay.votes) : missing}
          detail={
            stats
              ? t('stats.revenue', { amount: format.money(stats.campay.revenue, 'XAF') })
              : undefined
          }
        />
      </div>
      {isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {t('stats.loadFailed')}
        </p>
      ) : null}
    </section>
  );
}
