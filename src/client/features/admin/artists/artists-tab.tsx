import { AlertTriangle, Mic2, Plus, RotateCcw, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '#client/components/empty-state';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/cn';
import { AdminArtistCard } from './admin-artist-card';
import { useAdminArtists, useAdminCategories } from '../api/admin-queries';
import {
  activeFilterCount,
  DEFAULT_ARTIST_FILTERS,
  filterArtists,
  type ArtistFilters,
} from './artist-filters';
import { ArtistToolbar } from './artist-toolbar';
import { TabHeading } from '../tab-heading';
import { useArtistViewMode } from './use-artist-view-mode';
import { useDeleteArtist } from './use-delete-artist';
import { useAdminEdition, withEdition } from '../edition';

const GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function ArtistsTab() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const artistsQuery = useAdminArtists();
  const edition = useAdminEdition();
  const categoriesQuery = useAdminCategories();
  const [filters, setFilters] = useState<ArtistFilters>(DEFAULT_ARTIST_FILTERS);
  const [view, setView] = useArtistViewMode();
  const deleteArtist = useDeleteArtist();
  const artists = artistsQuery.data;
  const shown = useMemo(() => (artists ? filterArtists(artists, filters) : []), [artists, filters]);
  const filterCount = activeFilterCount(filters);
  // Back to everything, in the default order.
  const reset = () => setFilters(DEFAULT_ARTIST_FILTERS);

  const addArtist = (
    <Link
      href={withEdition('/admin/artists/new', edition)}
      className={buttonVariants({ variant: 'accent' })}
    >
      <Plus aria-hidden="true" />
      {t('artists.add')}
    </Link>
  );

  let body;
  if (artistsQuery.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label={t('artists.loading')} className={GRID_CLASS}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-72 rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  } else if (artistsQuery.isError) {
    body = (
      <EmptyState
        as="h3"
        icon={AlertTriangle}
        title={t('artists.loadFailed')}
        action={
          <Button variant="outline" onClick={() => void artistsQuery.refetch()}>
            {tc('actions.tryAgain')}
          </Button>
        }
      />
    );
  } else if (artistsQuery.data.length === 0) {
    body = (
      <EmptyState
        as="h3"
        icon={Mic2}
        title={t('artists.emptyTitle')}
        text={t('artists.emptyText')}
        action={addArtist}
      />
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        as="h3"
        icon={SearchX}
        title={t('artists.noResultsTitle')}
        text={t('artists.noResultsText')}
        action={
          <Button variant="outline" onClick={reset}>
            {t('artists.resetFilters')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul
        aria-label={t('artists.listLabel')}
        className={cn(view === 'grid' ? GRID_CLASS : 'flex flex-col gap-3')}
      >
        {shown.map((artist) => (
          <li key={artist.id}>
            <AdminArtistCard
              artist={artist}
              view={view}
              deleting={deleteArtist.isPending && deleteArtist.variables.id === artist.id}
              onDelete={(target) => deleteArtist.mutate(target)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="artists-heading" className="flex flex-col gap-4">
      <TabHeading id="artists-heading" title={t('artists.heading')} action={addArtist}>
        {artists && artists.length > 0 ? (
          <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('artists.showing', { shown: shown.length, total: artists.length })}
            </p>
            {filterCount > 0 ? (
              <>
                <Badge variant="accent">{t('artists.activeFilters', { count: filterCount })}</Badge>
                <Button variant="ghost" size="sm" onClick={reset} className="-ml-1">
                  <RotateCcw aria-hidden="true" />
                  {t('artists.resetFilters')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </TabHeading>
      {artists && artists.length > 0 ? (
        <ArtistToolbar
          filters={filters}
          onFiltersChange={setFilters}
          categories={categoriesQuery.data ?? []}
          view={view}
          onViewChange={setView}
        />
      ) : null}
      {body}
    </section>
  );
}
