import { useLiveCounts } from '#client/features/event';
import { useTranslation } from 'react-i18next';
import type { Category, PublicArtist } from '#shared/schemas/catalog';
import { LoadFailureState } from '#client/components/load-failure-state';
import { PageLayout } from '#client/components/layout/page-layout';
import { TooltipProvider } from '#client/components/ui/tooltip';
import { cn } from '#client/lib/cn';
import { useDocumentTitle } from '#client/lib/use-document-title';
import { useLocalized } from '#client/lib/use-localized';
import { ArtistDialog } from './artist-dialog';
import { useCategory, useCategoryNominations } from './api/catalog-queries';
import { CategoryHeader } from './category-header';
import { CategoryHeroSkeleton } from './category-hero-skeleton';
import { CategoryHero } from './category-hero';
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
  useLiveCounts();

  if (categoryQuery.isError) {
    return (
      <PageLayout header={<CategoryHeader />}>
        <LoadFailureState
          error={categoryQuery.error}
          missing={{
            title: t('category.notFoundTitle'),
            text: t('category.notFoundText'),
            href: '/',
            linkLabel: tc('actions.backToHome'),
          }}
          onRetry={() => void categoryQuery.refetch()}
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
        {category ? (
          <CategoryHero category={category} compact={shared !== undefined} />
        ) : (
          <CategoryHeroSkeleton compact={shared !== undefined} />
        )}
        <div
          className={cn(
            'mx-auto flex max-w-6xl flex-col px-4 sm:px-6',
            shared ? 'gap-4 pt-4 pb-6 sm:gap-5 sm:pt-6 sm:pb-10' : 'gap-6 py-6 sm:py-10',
          )}
        >
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
