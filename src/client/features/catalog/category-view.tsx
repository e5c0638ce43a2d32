import { AlertTriangle, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Category, PublicArtist } from '../../../shared/schemas/catalog';
import { EmptyState } from '../../components/empty-state';
import { PageLayout } from '../../components/layout/page-layout';
import { Button } from '../../components/ui/button';
import { TooltipProvider } from '../../components/ui/tooltip';
import { buttonVariants } from '../../components/ui/button-variants';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocalized } from '../../lib/use-localized';
import { ArtistDialog } from './artist-dialog';
import { useCategory, useCategoryNominations } from './catalog-queries';
import { CategoryHeader } from './category-header';
import { CategoryHeroSkeleton } from './category-hero-skeleton';
import { CategoryHero } from './category-hero';
import { isMissingResource } from './is-missing-resource';
import { NomineeGrid } from './nominee-grid';
import { SharedBanner } from './shared-banner';
import { useArtistDialog } from './use-artist-dialog';
import { useShareLink } from './use-share-link';

export interface SharedNomination {
  nominationId: string;
  artist: PublicArtist;
}

interface CategoryViewProps {
  categoryId: string;
  /** The category when the caller already has it (the share lookup returns it). */
  knownCategory?: Category;
  /** Set when the page was reached through a share link: banner plus highlighted card. */
  shared?: SharedNomination;
}

/** The category screen, for /category/{id} and, with `shared`, for /share/{link}. */
export function CategoryView({ categoryId, knownCategory, shared }: CategoryViewProps) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation('common');
  const localized = useLocalized();
  const share = useShareLink();
  const dialog = useArtistDialog();
  const categoryQuery = useCategory(categoryId, knownCategory);
  const category = categoryQuery.data;
  // A category that does not exist has no nominees worth asking for.
  const nominationsQuery = useCategoryNominations(categoryId, !categoryQuery.isError);
  const categoryName = category ? localized(category.name, category.nameFr) : null;
  useDocumentTitle(categoryName);

  if (categoryQuery.isError) {
    const missing = isMissingResource(categoryQuery.error);
    return (
      <PageLayout header={<CategoryHeader />}>
        <EmptyState
          as="h1"
          icon={missing ? SearchX : AlertTriangle}
          title={missing ? t('category.notFoundTitle') : tc('errors.generic')}
          text={missing ? t('category.notFoundText') : undefined}
          className="py-20"
          action={
            missing ? (
              <Link href="/" className={buttonVariants({ variant: 'default' })}>
                {tc('actions.backToHome')}
              </Link>
            ) : (
              <Button variant="outline" onClick={() => void categoryQuery.refetch()}>
                {tc('actions.tryAgain')}
              </Button>
            )
          }
        />
      </PageLayout>
    );
  }

  const onShare = categoryName
    ? () =>
        void share({
          url: window.location.href,
          title: categoryName,
          text: t('share.categoryText', { category: categoryName }),
        })
    : undefined;

  return (
    <TooltipProvider>
      <PageLayout header={<CategoryHeader onShare={onShare} />}>
        {category ? <CategoryHero category={category} /> : <CategoryHeroSkeleton />}
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
          {shared ? (
            <SharedBanner artistName={localized(shared.artist.name, shared.artist.nameFr)} />
          ) : null}
          <section aria-labelledby="nominees-heading" className="flex flex-col gap-4">
            <h2 id="nominees-heading" className="font-display text-2xl font-semibold">
              {t('category.nominees')}
            </h2>
            <NomineeGrid
              nominations={nominationsQuery.data}
              isPending={nominationsQuery.isPending}
              isError={nominationsQuery.isError}
              onRetry={() => void nominationsQuery.refetch()}
              highlightedNominationId={shared?.nominationId}
              onViewProfile={dialog.open}
            />
          </section>
        </div>
        <ArtistDialog
          artistId={dialog.artistId}
          knownArtist={dialog.knownArtist}
          categoryId={categoryId}
          onClose={dialog.close}
        />
      </PageLayout>
    </TooltipProvider>
  );
}
