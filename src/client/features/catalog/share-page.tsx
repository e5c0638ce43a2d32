import { AlertTriangle, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { EmptyState } from '../../components/empty-state';
import { PageLayout } from '../../components/layout/page-layout';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-variants';
import { useShareLookup } from './catalog-queries';
import { CategoryHeader } from './category-header';
import { CategoryHeroSkeleton } from './category-hero-skeleton';
import { CategoryView } from './category-view';
import { isMissingResource } from './is-missing-resource';

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
    const missing = isMissingResource(lookup.error);
    return (
      <PageLayout header={<CategoryHeader />}>
        <EmptyState
          as="h1"
          icon={missing ? SearchX : AlertTriangle}
          title={missing ? t('shared.notFoundTitle') : tc('errors.generic')}
          text={missing ? t('shared.notFoundText') : undefined}
          className="py-20"
          action={
            missing ? (
              <Link href="/" className={buttonVariants({ variant: 'default' })}>
                {tc('actions.backToHome')}
              </Link>
            ) : (
              <Button variant="outline" onClick={() => void lookup.refetch()}>
                {tc('actions.tryAgain')}
              </Button>
            )
          }
        />
      </PageLayout>
    );
  }

  if (!lookedUp) {
    return (
      <PageLayout header={<CategoryHeader />}>
        <CategoryHeroSkeleton />
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
