import { escapeHtml } from '#server/http/escape-html.js';
import { emptyIcon, pageFrame, SITE_TEXTS } from '#server/http/first-paint-markup.js';
import type { CheckoutArtist } from '#shared/checkout-artist-param.js';
import { initialsOf } from '#shared/initials.js';
import type { Language } from '#shared/limits.js';
import { localized } from '#shared/localized.js';

/*
 * A checkout link opened cold, drawn by the server: the header's bar and the hero (the artist's
 * photo, name and bio, all carried in the link), as CheckoutHero draws them. The client hydrates
 * them once the screen's code and texts are in (ADR 0063); `checkout-first-paint.test.tsx` fails
 * when the two no longer match.
 */

/** SiteHeader's row. */
const SITE_HEADER_ROW = 'mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6';

const PHOTO_CLASS = 'size-20 shrink-0 rounded-2xl object-cover ring-2 ring-gold-400/70 sm:size-28';

/** ArtistPhoto at 224 px, eager: the photo, or the initials when there is none. */
function photo(src: string | null | undefined, name: string, alt: string): string {
  if (src) {
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="224" height="224" loading="eager" decoding="async" class="block bg-muted object-cover ${PHOTO_CLASS}">`;
  }
  return `<div role="img" aria-label="${escapeHtml(alt)}" data-testid="artist-photo-placeholder" style="aspect-ratio: 224 / 224" class="flex items-center justify-center bg-gradient-to-br from-ink-800 via-ink-900 to-ink-950 ${PHOTO_CLASS}"><span class="font-display text-4xl font-semibold tracking-wide text-gold-300/90">${escapeHtml(initialsOf(name) || '★')}</span></div>`;
}

/** The markup for the page's root element. */
export function checkoutFirstPaint(artist: CheckoutArtist, language: Language): string {
  const texts = SITE_TEXTS[language];
  const name = localized(language, artist.name, artist.nameFr);
  const bio =
    localized(language, artist.bio, artist.bioFr).trim() || texts.catalog.artist.defaultBio;
  const alt = texts.checkout.photoAlt.replace('{{name}}', () => name);
  const hero = [
    '<section class="relative overflow-hidden bg-ink-950 text-white">',
    '<div aria-hidden="true" class="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_20rem_at_85%_-10%,rgb(226_184_79/0.28),transparent_60%)]"></div>',
    '<div class="relative mx-auto max-w-6xl px-4 pt-4 pb-14 sm:px-6 sm:pt-6 sm:pb-20">',
    `<a href="/categories" class="inline-flex h-10 items-center gap-1.5 rounded-lg pr-3 text-sm font-medium text-white/80 hover:text-white focus-visible:outline-2 focus-visible:outline-gold-400">${emptyIcon('size-4')}${escapeHtml(texts.checkout.backToNominees)}</a>`,
    '<div class="mt-3 flex items-center gap-4 sm:gap-6">',
    photo(artist.photoUrl, name, alt),
    `<div class="min-w-0"><p class="text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">${escapeHtml(texts.checkout.eyebrow)}</p><h1 class="mt-1 font-display text-3xl leading-tight font-semibold break-words sm:text-5xl">${escapeHtml(name)}</h1></div>`,
    '</div>',
    `<p class="mt-4 line-clamp-4 max-w-2xl text-base leading-relaxed text-white/80">${escapeHtml(bio)}</p>`,
    '</div></section>',
  ].join('');
  return pageFrame(SITE_HEADER_ROW, hero);
}
