import { ARTIST_CARD_BADGE_LIMIT } from '#shared/limits';
import type { ArtistCategoryRef } from '#shared/schemas/catalog';
import { Badge } from '#client/components/ui/badge';
import { useLocalized } from '#client/lib/use-localized';
import type { CatalogTexts } from './catalog-texts';

interface CategoryBadgesProps {
  categories: ArtistCategoryRef[];
  t: CatalogTexts;
}

/** At most two category names, then '+n' for the rest. */
export function CategoryBadges({ categories, t }: CategoryBadgesProps) {
  const localized = useLocalized();
  if (categories.length === 0) return null;
  const shown = categories.slice(0, ARTIST_CARD_BADGE_LIMIT);
  const hidden = categories.length - shown.length;
  return (
    <ul className="flex min-w-0 flex-wrap gap-1.5">
      {shown.map((category) => (
        <li key={category.id} className="min-w-0">
          <Badge variant="accent" className="max-w-[14rem]">
            <span className="truncate">{localized(category.name, category.nameFr)}</span>
          </Badge>
        </li>
      ))}
      {hidden > 0 ? (
        <li>
          <Badge variant="muted">
            <span aria-hidden="true">{t('artist.moreCategories', { count: hidden })}</span>
            <span className="sr-only">{t('artist.moreCategoriesLabel', { count: hidden })}</span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
