import { VotingCountdown } from '#client/features/event';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Category } from '#shared/schemas/catalog';
import { categoryHeroColor } from '#shared/category-hero-color';
import { CategoryIcon } from '#client/components/category-icon';
import { cn } from '#client/lib/cn';
import { useLocalized } from '#client/lib/use-localized';
import { VoteCount } from './vote-count';

/** The category's name: a shared link keeps it in sight (artist-card.tsx). */
export const CATEGORY_TITLE_ID = 'category-title';

/**
 * The full hero's least height, shared with its skeleton: a name, a two-line description and the
 * countdown fit in it at 320 px and up, so the category arriving, then the event's countdown,
 * move nothing under the hero. Its content sits at the bottom, over the picture.
 */
export const HERO_MIN_HEIGHT = 'min-h-[23.5rem] justify-end sm:min-h-[22.5rem]';

interface CategoryHeroProps {
  category: Category;
  /** Less space below the count: a shared link wants the nominee up where the eye is. */
  compact?: boolean;
}

export function CategoryHero({ category, compact = false }: CategoryHeroProps) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  const name = localized(category.name, category.nameFr);
  const description = localized(category.description, category.descriptionFr);
  return (
    <section
      aria-labelledby={CATEGORY_TITLE_ID}
      className="relative isolate overflow-hidden text-white"
      style={{ backgroundColor: categoryHeroColor(category.backgroundColor) }}
    >
      {category.backgroundImageUrl ? (
        <img
          src={category.backgroundImageUrl}
          alt=""
          width={1600}
          height={600}
          decoding="async"
          fetchPriority="high"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
      ) : null}
      {/* Keeps white text readable (AA) over any admin-chosen photo or colour, even a light one,
          while letting the category's colour show through. */}
      <div
        aria-hidden="true"
        className={
          category.backgroundImageUrl
            ? 'absolute inset-0 -z-10 bg-gradient-to-t from-ink-950/95 via-ink-950/70 to-ink-950/35'
            : 'absolute inset-0 -z-10 bg-gradient-to-t from-ink-950/85 via-ink-950/60 to-ink-950/45'
        }
      />
      <div
        className={cn(
          'mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-10 sm:px-6 sm:pt-16',
          compact ? 'pb-6 sm:pb-8' : ['pb-10 sm:pb-14', HERO_MIN_HEIGHT],
        )}
      >
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-gold-400 text-ink-950 shadow-lg ring-4 ring-white/15">
          <CategoryIcon icon={category.icon} className="size-7" />
        </span>
        <h1
          id={CATEGORY_TITLE_ID}
          className="font-display text-3xl leading-tight font-semibold break-words sm:text-5xl"
        >
          {name}
        </h1>
        {description ? (
          <p className="max-w-2xl text-base text-white/85 sm:text-lg">{description}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/12 px-3 py-1.5 text-sm font-semibold ring-1 ring-white/20 backdrop-blur">
            <Users className="size-4 text-gold-300" aria-hidden="true" />
            {t('categories.nomineeCount', { count: category.artistCount })}
          </p>
          <VotingCountdown className="text-gold-300" />
          {/* Last in the row: a count that gains a digit moves nothing. */}
          <VoteCount
            count={category.voteCount}
            t={t}
            reserveDigits={false}
            className="w-fit rounded-full bg-white/12 px-3 py-1.5 text-sm font-semibold ring-1 ring-white/20 backdrop-blur [&>svg]:text-gold-300"
          />
        </div>
      </div>
    </section>
  );
}
