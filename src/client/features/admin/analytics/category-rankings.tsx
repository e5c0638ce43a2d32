import { AlertTriangle, ArrowLeft, ChevronRight, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOP_ARTISTS_PER_CATEGORY, type Period } from '#shared/limits';
import type { CategoryRanking } from '#shared/schemas/analytics';
import { EmptyState } from '#client/components/empty-state';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useLocalized } from '#client/lib/use-localized';
import { useCategoryRankings } from '../api/admin-queries';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import { RankedArtistRow } from './ranked-artist-row';
import { useFormatters } from '../use-formatters';

const ALL = 'all';

interface CategoryRankingsProps {
  period: Period;
}

/**
 * 'Category Rankings & Artist Votes': every category with its top 3 and View All, or one category
 * with all its nominees ranked.
 */
export function CategoryRankings({ period }: CategoryRankingsProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const localized = useLocalized();
  const format = useFormatters();
  const rankingsQuery = useCategoryRankings(period);
  const [selected, setSelected] = useState<string>(ALL);
  const rankings = rankingsQuery.data;
  const chosen = rankings?.find((ranking) => ranking.categoryId === selected);
  const nameOf = (ranking: CategoryRanking) =>
    localized(ranking.categoryName, ranking.categoryNameFr);
  const votes = (count: number) =>
    t('analytics.voteCount', { count, formatted: format.number(count) });

  let body;
  if (rankingsQuery.isPending) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('analytics.loadingRankings')}
        className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
      >
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-64 rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  } else if (rankingsQuery.isError) {
    body = (
      <EmptyState
        as="h3"
        icon={AlertTriangle}
        title={t('analytics.loadFailed')}
        action={
          <Button variant="outline" onClick={() => void rankingsQuery.refetch()}>
            {tc('actions.tryAgain')}
          </Button>
        }
      />
    );
  } else if (rankingsQuery.data.length === 0) {
    body = <EmptyState as="h3" icon={Trophy} title={t('analytics.noCategories')} />;
  } else if (chosen) {
    body = (
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="text-lg font-semibold">{nameOf(chosen)}</h4>
          <span className="text-sm font-semibold text-gold-700 tabular-nums">
            {votes(chosen.totalVotes)}
          </span>
        </div>
        {chosen.artists.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">{t('analytics.noNominees')}</p>
        ) : (
          <ol className="mt-4 flex flex-col divide-y divide-border">
            {chosen.artists.map((artist, index) => (
              <li key={artist.nominationId} className="py-3 first:pt-0 last:pb-0">
                <RankedArtistRow artist={artist} rank={index + 1} detailed />
              </li>
            ))}
          </ol>
        )}
        <Button variant="ghost" size="sm" className="mt-4" onClick={() => setSelected(ALL)}>
          <ArrowLeft aria-hidden="true" />
          {t('analytics.backToAll')}
        </Button>
      </Card>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {rankingsQuery.data.map((ranking) => {
          const headingId = `ranking-${ranking.categoryId}`;
          const top = ranking.artists.slice(0, TOP_ARTISTS_PER_CATEGORY);
          return (
            <li key={ranking.categoryId}>
              <Card
                className="flex h-full flex-col gap-4 p-4 sm:p-5"
                role="group"
                aria-labelledby={headingId}
              >
                <div className="flex items-start justify-between gap-2">
                  <h4 id={headingId} className="font-semibold">
                    {nameOf(ranking)}
                  </h4>
                  <span className="shrink-0 text-sm font-semibold text-gold-700 tabular-nums">
                    {votes(ranking.totalVotes)}
                  </span>
                </div>
                {top.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('analytics.noNominees')}</p>
                ) : (
                  <ol className="flex flex-col gap-3">
                    {top.map((artist, index) => (
                      <li key={artist.nominationId}>
                        <RankedArtistRow artist={artist} rank={index + 1} />
                      </li>
                    ))}
                  </ol>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-auto"
                  onClick={() => setSelected(ranking.categoryId)}
                  aria-describedby={headingId}
                >
                  {t('analytics.viewAll')}
                  <ChevronRight aria-hidden="true" />
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="rankings-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="rankings-heading" className="font-display text-xl font-semibold">
          {t('analytics.rankingsHeading')}
        </h3>
        <LabelledSelect
          id="rankings-category"
          label={t('analytics.categoryLabel')}
          value={chosen ? selected : ALL}
          onValueChange={setSelected}
          options={[
            { value: ALL, label: t('analytics.allCategories') },
            ...(rankings ?? []).map((ranking) => ({
              value: ranking.categoryId,
              label: t('analytics.categoryOption', {
                name: nameOf(ranking),
                votes: votes(ranking.totalVotes),
              }),
            })),
          ]}
          className="w-full sm:w-72"
        />
      </div>
      {body}
    </section>
  );
}
