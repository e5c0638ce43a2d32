import { useVotingOpen, VotingClosedButton } from '#client/features/event';
import { AlertTriangle, Layers, SearchX, Share2, Vote } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PublicArtist, PublicNomination } from '#shared/schemas/catalog';
import { CategoryIcon } from '#client/components/category-icon';
import { Button } from '#client/components/ui/button';
import { buttonVariants } from '#client/components/ui/button-variants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog';
import { Skeleton } from '#client/components/ui/skeleton';
import { absoluteUrl } from '#client/lib/absolute-url';
import { checkoutHref } from '#client/lib/checkout-href';
import { cn } from '#client/lib/cn';
import { useLocalized } from '#client/lib/use-localized';
import { ArtistPhoto } from '#client/components/artist-photo';
import { useArtist, useArtistNominations } from './api/catalog-queries';
import { isMissingResource } from '#client/lib/is-missing-resource';
import { TrendingBadge } from './trending-badge';
import { useShareLink } from './use-share-link';
import { VoteCount } from './vote-count';

interface ArtistDialogProps {
  /** null closes the dialog. */
  artistId: string | null;
  /** The artist as the opening card has it, shown while the full profile loads. */
  knownArtist?: PublicArtist;
  /** The category being browsed: its nomination is the one the share button shares. */
  categoryId?: string;
  onClose: () => void;
}

export function ArtistDialog({ artistId, knownArtist, categoryId, onClose }: ArtistDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const artistQuery = useArtist(artistId, knownArtist);
  const nominationsQuery = useArtistNominations(artistId);

  let content;
  if (artistQuery.data) {
    content = (
      <ArtistProfile
        artist={artistQuery.data}
        nominations={nominationsQuery.data}
        nominationsLoading={nominationsQuery.isPending}
        categoryId={categoryId}
      />
    );
  } else if (artistQuery.isError) {
    content = <ArtistProblem missing={isMissingResource(artistQuery.error)} />;
  } else {
    content = <ArtistLoading />;
  }

  return (
    <Dialog
      open={artistId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        ref={contentRef}
        className="max-w-3xl gap-0 overflow-hidden p-0 sm:p-0"
        // Focus the dialog itself, not its first control: a reader announces the artist's name
        // first, and the trending tooltip does not pop open on arrival.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          contentRef.current?.focus();
        }}
        // The dialog has no Radix trigger (a card button or a link opens it), so give focus back
        // to whatever opened it; keyboard users continue where they were.
        onCloseAutoFocus={(event) => {
          const opener = openerRef.current;
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        {content}
      </DialogContent>
    </Dialog>
  );
}

interface ArtistProfileProps {
  artist: PublicArtist;
  nominations: PublicNomination[] | undefined;
  nominationsLoading: boolean;
  categoryId: string | undefined;
}

interface NominatedCategory {
  key: string;
  categoryName: string;
  title: string;
  icon: string | null;
}

function ArtistProfile({
  artist,
  nominations,
  nominationsLoading,
  categoryId,
}: ArtistProfileProps) {
  const { t } = useTranslation('catalog');
  const voting = useVotingOpen();
  const localized = useLocalized();
  const share = useShareLink();
  const name = localized(artist.name, artist.nameFr);
  const bio = localized(artist.bio, artist.bioFr).trim() || t('artist.defaultBio');

  // The nominations carry the category icon and share link; until they arrive, the artist's own
  // category list already has names and titles.
  const nominated: NominatedCategory[] = nominations
    ? nominations.map((nomination) => ({
        key: nomination.id,
        categoryName: localized(nomination.category.name, nomination.category.nameFr),
        title: localized(nomination.nominationTitle, nomination.nominationTitleFr),
        icon: nomination.category.icon,
      }))
    : artist.categories.map((category) => ({
        key: category.nominationId,
        categoryName: localized(category.name, category.nameFr),
        title: localized(category.nominationTitle, category.nominationTitleFr),
        icon: null,
      }));

  const sharedNomination =
    nominations?.find((nomination) => nomination.categoryId === categoryId) ?? nominations?.[0];

  const onShare = () => {
    const fallbackCategory = categoryId ?? artist.categories[0]?.id;
    const url = sharedNomination
      ? absoluteUrl(`/share/${sharedNomination.shareableLink}`)
      : absoluteUrl(
          fallbackCategory
            ? `/category/${fallbackCategory}?artist=${artist.id}`
            : window.location.pathname,
        );
    void share({ url, title: name, text: t('share.artistText', { name }) });
  };

  return (
    <div className="grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="relative bg-ink-950">
        <ArtistPhoto
          src={artist.photoUrl}
          name={name}
          alt={t('artist.photoAlt', { name })}
          width={600}
          height={600}
          eager
          className="aspect-[4/3] h-auto w-full sm:aspect-auto sm:h-full sm:min-h-80"
        />
        {artist.isTrending ? (
          <div className="absolute top-3 left-3">
            <TrendingBadge t={t} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="pr-10">
          <DialogTitle className="text-2xl sm:text-3xl">{name}</DialogTitle>
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-gold-700">
            <p className="inline-flex items-center gap-1.5">
              <Layers className="size-4" aria-hidden="true" />
              {t('artist.categoryCount', { count: artist.categoryCount })}
            </p>
            <VoteCount count={artist.totalVotes} t={t} className="font-semibold" />
          </div>
        </div>
        <DialogDescription className="text-base leading-relaxed text-foreground/80">
          {bio}
        </DialogDescription>
        <section aria-labelledby="artist-nominations-heading">
          <h3
            id="artist-nominations-heading"
            className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase"
          >
            {t('artist.nominatedIn')}
          </h3>
          {nominated.length === 0 && !nominationsLoading ? (
            <p className="mt-2 text-sm text-muted-foreground">{t('artist.noNominations')}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2" aria-busy={nominationsLoading}>
              {nominated.map((item) => (
                <li
                  key={item.key}
                  className="flex items-start gap-3 rounded-xl border border-border bg-background p-3"
                >
                  <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-950 text-gold-300">
                    <CategoryIcon icon={item.icon} className="size-4" />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold break-words text-foreground">
                      {item.categoryName}
                    </span>
                    {item.title ? (
                      <span className="block text-sm break-words text-muted-foreground">
                        {item.title}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {voting.open ? (
            <Link
              href={checkoutHref(artist)}
              className={cn(buttonVariants({ variant: 'accent', size: 'lg' }), 'flex-1 basis-40')}
            >
              <Vote aria-hidden="true" />
              {t('artist.vote')}
            </Link>
          ) : (
            <VotingClosedButton reason={voting.reason ?? ''} className="h-11 flex-1 basis-40" />
          )}
          <Button variant="outline" size="lg" className="flex-1 basis-32" onClick={onShare}>
            <Share2 aria-hidden="true" />
            {t('artist.share')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function ArtistLoading() {
  const { t } = useTranslation('catalog');
  return (
    <div className="grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" role="status" aria-busy="true">
      <DialogTitle className="sr-only">{t('artist.loading')}</DialogTitle>
      <DialogDescription className="sr-only">{t('artist.loading')}</DialogDescription>
      <Skeleton className="aspect-[4/3] w-full rounded-none sm:aspect-auto sm:min-h-80" />
      <div className="flex flex-col gap-3 p-6">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-4 h-14 w-full rounded-xl" />
        <Skeleton className="mt-2 h-12 w-full rounded-lg" />
      </div>
    </div>
  );
}

function ArtistProblem({ missing }: { missing: boolean }) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation('common');
  const Icon = missing ? SearchX : AlertTriangle;
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-gold-100 text-gold-700">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <DialogTitle>{missing ? t('artist.notFoundTitle') : tc('errors.title')}</DialogTitle>
      <DialogDescription className="max-w-sm text-base">
        {missing ? t('artist.notFoundText') : tc('errors.generic')}
      </DialogDescription>
    </div>
  );
}
