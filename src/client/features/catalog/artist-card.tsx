import { VotingClosedButton, type VotingOpen } from '#client/features/event';
import { Layers, Share2, Sparkles, UserRound, Vote } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { PublicArtist, PublicNomination } from '#shared/schemas/catalog';
import { Button } from '#client/components/ui/button';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { absoluteUrl } from '#client/lib/absolute-url';
import { checkoutHref } from '#client/lib/checkout-href';
import { cn } from '#client/lib/cn';
import { useLanguage } from '#client/lib/use-language';
import { ArtistPhoto } from '#client/components/artist-photo';
import type { CatalogTexts } from './catalog-texts';
import { CategoryBadges } from './category-badges';
import { CATEGORY_TITLE_ID } from './category-hero';
import { nominationText } from './nomination-text';
import { sharedNomineeScrollTop } from './shared-scroll';
import { TrendingBadge } from './trending-badge';
import type { ShareLink } from './use-share-link';
import { VoteCount } from './vote-count';

interface ArtistCardProps {
  nomination: PublicNomination;
  /**
   * The nomination someone shared: outlined in gold, listed first, and scrolled into view as far
   * as the category's name and the Shared Nomination banner can stay in sight.
   */
  highlighted?: boolean;
  /** Above the fold on most phones: load the photo at once. */
  eager?: boolean;
  onViewProfile: (artist: PublicArtist) => void;
  /** The list's texts, voting gate and share action: one card per nominee (nominee-grid.tsx). */
  t: CatalogTexts;
  voting: VotingOpen;
  share: ShareLink;
}

export function ArtistCard({
  nomination,
  highlighted = false,
  eager,
  onViewProfile,
  t,
  voting,
  share,
}: ArtistCardProps) {
  const language = useLanguage();
  const cardRef = useRef<HTMLDivElement>(null);
  const { artist } = nomination;
  const text = nominationText(nomination, language);
  const headingId = `nominee-${nomination.id}`;

  useEffect(() => {
    const card = cardRef.current;
    if (!highlighted || !card) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const scrollY = window.scrollY;
    const title = document.getElementById(CATEGORY_TITLE_ID) ?? card;
    const top = sharedNomineeScrollTop({
      scrollY,
      viewportHeight: window.innerHeight,
      headerHeight: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
      titleTop: title.getBoundingClientRect().top + scrollY,
      cardBottom: card.getBoundingClientRect().bottom + scrollY,
    });
    if (top > scrollY) window.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [highlighted]);

  return (
    <Card
      ref={cardRef}
      // Rendered as <article> so each nominee is a landmark-like unit for screen readers.
      role="article"
      aria-labelledby={headingId}
      data-highlighted={highlighted || undefined}
      data-testid="artist-card"
      className={cn(
        'flex h-full scroll-mt-24 scroll-mb-4 flex-col overflow-hidden transition-shadow hover:shadow-lg',
        highlighted && 'shadow-lg ring-4 ring-gold-400 ring-offset-2 ring-offset-background',
      )}
    >
      <div className="relative">
        <ArtistPhoto
          src={text.photoUrl}
          name={text.artistName}
          alt={t('artist.photoAlt', { name: text.artistName })}
          width={480}
          height={360}
          eager={eager}
          className="aspect-[4/3] h-auto w-full object-[center_30%]"
        />
        <div className="absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-3">
          <div className="flex flex-wrap gap-1.5">
            {highlighted ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-ink-950 px-2.5 py-1 text-xs font-bold text-gold-300 shadow-sm">
                <Sparkles className="size-3.5" aria-hidden="true" />
                {t('shared.badge')}
              </span>
            ) : null}
            {artist.isTrending ? <TrendingBadge t={t} /> : null}
          </div>
          <Button
            size="icon-sm"
            variant="outline"
            className="rounded-full border-white/60 bg-white/90 shadow-sm backdrop-blur hover:bg-white"
            aria-label={t('artist.shareArtist', { name: text.artistName })}
            onClick={() =>
              void share({
                url: absoluteUrl(`/share/${nomination.shareableLink}`),
                title: text.heading,
                text: t('share.artistText', { name: text.artistName }),
              })
            }
          >
            <Share2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <CategoryBadges categories={artist.categories} t={t} />
        <div>
          <h3
            id={headingId}
            className="font-display text-xl leading-snug font-semibold break-words text-foreground"
          >
            {text.heading}
          </h3>
          {text.heading !== text.artistName ? (
            <p className="mt-0.5 text-sm font-medium text-ink-600">
              {t('artist.by', { name: text.artistName })}
            </p>
          ) : null}
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
          {text.description ?? t('artist.defaultBio')}
        </p>
        <div className="flex items-center justify-between gap-3 text-xs font-medium text-muted-foreground">
          <p className="inline-flex items-center gap-1.5">
            <Layers className="size-3.5" aria-hidden="true" />
            {t('artist.categoryCount', { count: artist.categoryCount })}
          </p>
          <VoteCount count={nomination.voteCount} t={t} className="font-semibold text-gold-700" />
        </div>
        {/* Buttons wrap onto two rows when French labels do not fit side by side. */}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {voting.open ? (
            <Link
              href={checkoutHref(artist)}
              aria-describedby={headingId}
              className={cn(buttonVariants({ variant: 'accent' }), 'flex-1 basis-36')}
            >
              <Vote aria-hidden="true" />
              {t('voteNow')}
            </Link>
          ) : (
            <VotingClosedButton
              reason={voting.reason ?? ''}
              describedBy={headingId}
              className="flex-1 basis-36"
            />
          )}
          <Button
            variant="outline"
            aria-describedby={headingId}
            className="flex-1 basis-36"
            onClick={() => onViewProfile(artist)}
          >
            <UserRound aria-hidden="true" />
            {t('artist.viewProfile')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
