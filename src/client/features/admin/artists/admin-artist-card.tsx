import { Flame, Layers, Pencil, Star, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminArtist } from '#shared/schemas/admin';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { useLocalized } from '#client/lib/use-localized';
import { ArtistPhoto } from '#client/components/artist-photo';
import { DeleteButton } from '../delete-button';
import { MissingFrenchBadge } from '../missing-french-badge';
import type { ArtistViewMode } from './use-artist-view-mode';
import { useFormatters } from '../use-formatters';
import { useAdminEdition, withEdition } from '../edition';

interface AdminArtistCardProps {
  artist: AdminArtist;
  view: ArtistViewMode;
  deleting: boolean;
  onDelete: (artist: AdminArtist) => void;
}

/** One artist in the Manage Artists tab, as a grid card or a list row. */
export function AdminArtistCard({ artist, view, deleting, onDelete }: AdminArtistCardProps) {
  const { t } = useTranslation('admin');
  const edition = useAdminEdition();
  const localized = useLocalized();
  const format = useFormatters();
  const headingId = `admin-artist-${artist.id}`;
  const bio = localized(artist.bio, artist.bioFr);
  const isGrid = view === 'grid';

  const photo = (
    <ArtistPhoto
      src={artist.photoUrl}
      name={artist.name}
      alt={t('artists.photoAlt', { name: artist.name })}
      width={isGrid ? 400 : 96}
      height={isGrid ? 200 : 96}
      className={
        isGrid
          ? 'aspect-[2/1] h-auto w-full object-[center_25%]'
          : 'size-16 shrink-0 rounded-xl object-cover sm:size-20 [&>span]:text-xl'
      }
    />
  );

  const figures = (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <li className="inline-flex items-center gap-1.5">
        <Vote className="size-4 text-gold-600" aria-hidden="true" />
        <span className="font-semibold text-foreground tabular-nums">
          {t('artists.votes', {
            count: artist.totalVotes,
            formatted: format.number(artist.totalVotes),
          })}
        </span>
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Layers className="size-4 text-gold-600" aria-hidden="true" />
        {t('artists.categoryCount', { count: artist.categoryCount })}
      </li>
    </ul>
  );

  const actions = (
    <div className={cn('flex gap-2', isGrid ? 'mt-auto pt-1' : 'shrink-0 max-sm:w-full')}>
      <Link
        href={withEdition(`/admin/artists/${artist.id}`, edition)}
        aria-label={t('artists.editLabel', { name: artist.name })}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'flex-1')}
      >
        <Pencil aria-hidden="true" />
        {t('artists.edit')}
      </Link>
      <DeleteButton
        text={t('artists.delete')}
        label={t('artists.deleteLabel', { name: artist.name })}
        deleting={deleting}
        onClick={() => onDelete(artist)}
      />
    </div>
  );

  const heading = (
    <div className="flex min-w-0 items-center gap-2">
      <h3 id={headingId} className="truncate text-lg leading-tight font-semibold">
        {artist.name}
      </h3>
      {artist.isTrending ? (
        <span
          className="inline-flex shrink-0 items-center text-gold-600"
          title={t('artists.trending')}
        >
          <Flame className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('artists.trending')}</span>
        </span>
      ) : null}
      {artist.isFeatured ? (
        <span
          className="inline-flex shrink-0 items-center text-gold-600"
          title={t('artists.featured')}
        >
          <Star className="size-4 fill-current" aria-hidden="true" />
          <span className="sr-only">{t('artists.featured')}</span>
        </span>
      ) : null}
    </div>
  );

  const bioText = (
    <p
      className={cn(
        'text-sm',
        isGrid ? 'line-clamp-2' : 'line-clamp-1',
        bio ? 'text-muted-foreground' : 'text-muted-foreground italic',
      )}
    >
      {bio || t('artists.noBio')}
    </p>
  );

  // Grid: photo on top, actions under the text. List: a row with the actions at the end.
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={
        isGrid
          ? 'flex h-full flex-col overflow-hidden'
          : 'flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap sm:gap-4'
      }
      data-testid="admin-artist"
    >
      {photo}
      <div className={cn('flex min-w-0 flex-1 flex-col', isGrid ? 'gap-2 p-4' : 'gap-1')}>
        {heading}
        {bioText}
        {figures}
        <MissingFrenchBadge fields={artist.missingFrench} className="self-start" />
        {isGrid ? actions : null}
      </div>
      {isGrid ? null : actions}
    </Card>
  );
}
