import { AlertTriangle, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#client/components/empty-state';
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
            <CategoryCard category={category} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PageLayout>
      <section className="relative overflow-hidden bg-ink-950 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_20rem_at_85%_-10%,rgb(226_184_79/0.28),transparent_60%),radial-gradient(40rem_18rem_at_0%_120%,rgb(54_65_107/0.8),transparent_70%)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12 sm:pb-20">
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">
            {t('categories.eyebrow')}
          </p>
          <h1 className="mt-2 font-display text-3xl leading-tight font-semibold sm:text-5xl">
            {t('categories.heading')}
          </h1>
          <p className="mt-3 max-w-xl text-base text-white/80 sm:text-lg">
            {t('categories.intro')}
          </p>
          {/* Its line is held while the event loads, so nothing below moves. */}
          <div className="mt-4 min-h-5">
            <VotingCountdown className="text-gold-300" />
          </div>
        </div>
      </section>
      <div className="relative mx-auto -mt-8 max-w-6xl px-4 sm:-mt-10 sm:px-6">{body}</div>
    </PageLayout>
  );
}
