import type { AppContext } from '#server/app-context.js';
import { escapeHtml } from '#server/http/escape-html.js';
import { countedText, emptyIcon, pageFrame, SITE_TEXTS } from '#server/http/first-paint-markup.js';
import { categoryHeroColor } from '#shared/category-hero-color.js';
import { countdownText } from '#shared/countdown-text.js';
import { eventStatusAt, untilNextOpenOrClose } from '#shared/event-status.js';
import { formatWholeNumber } from '#shared/format-whole-number.js';
import type { Language } from '#shared/limits.js';
import { localized } from '#shared/localized.js';
import { categoryWithoutCounts } from './without-counts.js';
import type { Category } from '#shared/schemas/catalog.js';
import type { PublicEvent } from '#shared/schemas/event.js';

/*
 * A category link opened cold, drawn by the server: the header's bar and the hero (picture, name,
 * description, counts, countdown), exactly as the client's first render of the screen draws them.
 * The phone paints it as soon as the page and its stylesheet arrive, instead of after the scripts,
 * the screen's code and its data; the client then hydrates these same elements, and the picture is
 * never fetched or painted twice (ADR 0063).
 *
 * It copies CategoryHero and the top of CategoryView: `category-first-paint.test.tsx` renders the
 * client's screen and fails when the two no longer match.
 */

/** CategoryHeader's row. */
const CATEGORY_HEADER_ROW = 'mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:gap-2 sm:px-6';

/** The countdown as VotingCountdown writes it at `now`, or '' where it draws nothing. */
function countdown(event: PublicEvent, now: number, language: Language): string {
  const texts = SITE_TEXTS[language].common.voting;
  const status = eventStatusAt(event, now);
  const remainingMs = untilNextOpenOrClose(event, now);
  let text: string;
  if (status === 'closed') text = texts.closed;
  else if (remainingMs === null) return '';
  else {
    const time = countdownText(remainingMs, texts.dayUnit);
    text = (status === 'upcoming' ? texts.opensIn : texts.closesIn).replace('{{time}}', time);
  }
  return `<p role="timer" data-testid="voting-countdown" class="inline-flex items-center gap-2 text-sm font-semibold tabular-nums text-gold-300">${emptyIcon('size-4 shrink-0')}${escapeHtml(text)}</p>`;
}

/** The hero's vote count as VoteCount writes it, or '' while the event hides counts. */
function voteCount(count: number | undefined, language: Language): string {
  if (count === undefined) return '';
  const label = countedText(SITE_TEXTS[language].catalog, 'votes', count, language);
  return `<p data-testid="vote-count" class="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums w-fit rounded-full bg-white/12 px-3 py-1.5 text-sm font-semibold ring-1 ring-white/20 backdrop-blur [&amp;&gt;svg]:text-gold-300">${emptyIcon('size-3.5 shrink-0')}<span class="inline-block">${formatWholeNumber(count, language)}</span> <span>${escapeHtml(label)}</span></p>`;
}

interface CategoryFirstPaint {
  /** As the public API gives it now: without its count while the event hides counts. */
  category: Category;
  event: PublicEvent;
  language: Language;
  /** The server's clock, for the countdown. */
  now: number;
  /** A shared link's hero: less room below, the nominee up where the eye is. */
  compact: boolean;
}

/** The markup for the page's root element. */
function categoryFirstPaint({ category, event, language, now, compact }: CategoryFirstPaint) {
  const name = localized(language, category.name, category.nameFr);
  const description = localized(language, category.description, category.descriptionFr);
  const image = category.backgroundImageUrl;
  const nominees = countedText(
    SITE_TEXTS[language].catalog.categories,
    'nomineeCount',
    category.artistCount,
    language,
  );
  const hero = [
    `<section aria-labelledby="category-title" class="relative isolate overflow-hidden text-white" style="background-color: ${escapeHtml(categoryHeroColor(category.backgroundColor))}">`,
    image
      ? `<img src="${escapeHtml(image)}" alt="" width="1600" height="600" decoding="async" fetchpriority="high" class="absolute inset-0 -z-20 h-full w-full object-cover">`
      : '',
    `<div aria-hidden="true" class="absolute inset-0 -z-10 bg-gradient-to-t ${image ? 'from-ink-950/95 via-ink-950/70 to-ink-950/35' : 'from-ink-950/85 via-ink-950/60 to-ink-950/45'}"></div>`,
    `<div class="mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-10 sm:px-6 sm:pt-16 ${compact ? 'pb-6 sm:pb-8' : 'pb-10 sm:pb-14 min-h-[23.5rem] justify-end sm:min-h-[22.5rem]'}">`,
    `<span class="inline-flex size-14 items-center justify-center rounded-2xl bg-gold-400 text-ink-950 shadow-lg ring-4 ring-white/15">${emptyIcon('size-7', ' focusable="false"')}</span>`,
    `<h1 id="category-title" class="font-display text-3xl leading-tight font-semibold break-words sm:text-5xl">${escapeHtml(name)}</h1>`,
    description
      ? `<p class="max-w-2xl text-base text-white/85 sm:text-lg">${escapeHtml(description)}</p>`
      : '',
    '<div class="flex flex-wrap items-center gap-x-4 gap-y-2">',
    `<p class="inline-flex w-fit items-center gap-2 rounded-full bg-white/12 px-3 py-1.5 text-sm font-semibold ring-1 ring-white/20 backdrop-blur">${emptyIcon('size-4 text-gold-300')}${escapeHtml(nominees)}</p>`,
    countdown(event, now, language),
    voteCount(category.voteCount, language),
    '</div></div></section>',
  ].join('');
  return pageFrame(CATEGORY_HEADER_ROW, hero);
}

/** The category as the public API has it now, drawn; `compact` for a shared link's. */
async function drawn(ctx: AppContext, found: Category, language: Language, compact: boolean) {
  const [event, countsVisible] = await Promise.all([
    ctx.event.current(),
    ctx.event.countsVisible(),
  ]);
  return categoryFirstPaint({
    category: countsVisible ? found : categoryWithoutCounts(found),
    event,
    language,
    now: Date.parse(event.serverTime),
    compact,
  });
}

/** The first paint of the category `id`, or null if there is none. */
export async function categoryFirstPaintOf(
  ctx: AppContext,
  id: string,
  language: Language,
): Promise<string | null> {
  const found = (await ctx.catalog.get()).categoryById.get(id);
  return found ? drawn(ctx, found, language, false) : null;
}

/** The first paint of a share link: its category's, compact; null for an unknown link. */
export async function shareFirstPaintOf(
  ctx: AppContext,
  link: string,
  language: Language,
): Promise<string | null> {
  const nomination = (await ctx.catalog.get()).nominationByLink.get(link);
  return nomination ? drawn(ctx, nomination.category, language, true) : null;
}
