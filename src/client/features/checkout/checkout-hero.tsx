import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLocalized } from '#client/lib/use-localized';
import { ArtistPhoto } from '#client/components/artist-photo';
import type { CheckoutArtist } from '#shared/checkout-artist-param';

/** The artist being voted for: photo, name and bio on the dark band the other screens open with. */
export function CheckoutHero({ artist }: { artist: CheckoutArtist }) {
  const { t } = useTranslation('checkout');
  const { t: tCatalog } = useTranslation('catalog');
  const localized = useLocalized();
  const name = localized(artist.name, artist.nameFr);
  const bio = localized(artist.bio, artist.bioFr).trim() || tCatalog('artist.defaultBio');

  return (
    <section className="relative overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_20rem_at_85%_-10%,rgb(226_184_79/0.28),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-4 pb-14 sm:px-6 sm:pt-6 sm:pb-20">
        <Link
          href="/categories"
          className="inline-flex h-10 items-center gap-1.5 rounded-lg pr-3 text-sm font-medium text-white/80 hover:text-white focus-visible:outline-2 focus-visible:outline-gold-400"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('backToNominees')}
        </Link>
        <div className="mt-3 flex items-center gap-4 sm:gap-6">
          <ArtistPhoto
            src={artist.photoUrl}
            name={name}
            alt={t('photoAlt', { name })}
            width={224}
            height={224}
            eager
            className="size-20 shrink-0 rounded-2xl object-cover ring-2 ring-gold-400/70 sm:size-28"
          />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">
              {t('eyebrow')}
            </p>
            <h1 className="mt-1 font-display text-3xl leading-tight font-semibold break-words sm:text-5xl">
              {name}
            </h1>
          </div>
        </div>
        <p className="mt-4 line-clamp-4 max-w-2xl text-base leading-relaxed text-white/80">{bio}</p>
      </div>
    </section>
  );
}
