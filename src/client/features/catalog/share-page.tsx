import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { LoadFailureState } from '#client/components/load-failure-state';
import { PageLayout } from '#client/components/layout/page-layout';
import { useShareLookup } from './api/catalog-queries';
import { CategoryHeader } from './category-header';
import { CategoryHeroSkeleton } from './category-hero-skeleton';
import { CategoryView } from './category-view';

/**
 * /share/{link}: the category screen with the shared nominee highlighted. The address stays
 * /share/{link} so the Share button passes the same link on.
 */
export function SharePage() {
  const { link = '' } = useParams<{ link: string }>();
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation('common');
  const lookup = useShareLookup(link);
  const lookedUp = lookup.data;

  if (lookup.isError) {
    return (
      <PageLayout header={<CategoryHeader />}>
        <LoadFailureState
          error={lookup.error}
          missing={{
            title: t('shared.notFoundTitle'),
            text: t('shared.notFoundText'),
            href: '/',
            linkLabel: tc('actions.backToHome'),
          }}
          onRetry={() => void lookup.refetch()}
        />
      </PageLayout>
    );
  }

  if (!lookedUp) {
    return (
      <PageLayout header={<CategoryHeader />}>
        <CategoryHeroSkeleton compact />
      </PageLayout>
    );
  }

  return (
    <CategoryView
      key={link}
      categoryId={lookedUp.categoryId}
      knownCategory={lookedUp.category}
      shared={{ nominationId: lookedUp.nominationId, artist: lookedUp.artist }}
    />
  );
}
