import { AlertTriangle, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#client/components/empty-state';
import { PageHero, PageHeroIntro } from '#client/components/layout/page-hero';
import { PageLayout } from '#client/components/layout/page-layout';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useLiveCounts, VotingCountdown } from '#client/features/event';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { useCategories } from './api/categories-query';
import { CategoryCard } from './category-card';
import { CategoryCardSkeleton } from './category-card-skeleton';

const SKELETON_COUNT = 6;

export function CategoriesPage() {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation('common');
  const { data: categories, isPending, isError, refetch } = useCategories();
  useDocumentTitle(t('categories.documentTitle'));
  useLiveCounts();

  let body;
  if (isPending) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('categories.loading')}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <CategoryCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (isError) {
    body = (
      <Card>
        <EmptyState
          icon={AlertTriangle}
          title={tc('errors.generic')}
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              {tc('actions.tryAgain')}
            </Button>
          }
        />
      </Card>
    );
  } else if (categories.length === 0) {
    body = (
      <Card>
        <EmptyState icon={Trophy} title={t('categories.empty')} />
      </Card>
    );
  } else {
    body = (
      <ul
        aria-label={t('categories.listLabel')}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {categories.map((category) => (
          <li key={category.id}>
            <CategoryCard category={category} t={t} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PageLayout>
      <PageHero
        width="max-w-6xl"
        glow="gold-and-ink"
        eyebrow={t('categories.eyebrow')}
        title={t('categories.heading')}
      >
        <PageHeroIntro>{t('categories.intro')}</PageHeroIntro>
        {/* Its line is held while the event loads, so nothing below moves. */}
        <div className="mt-4 min-h-5">
          <VotingCountdown className="text-gold-300" />
        </div>
      </PageHero>
      <div className="relative mx-auto -mt-8 max-w-6xl px-4 sm:-mt-10 sm:px-6">{body}</div>
    </PageLayout>
  );
}
