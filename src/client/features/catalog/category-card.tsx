import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { Category } from '#shared/schemas/catalog';
import { CategoryIcon } from '#client/components/category-icon';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { useLocalized } from '#client/lib/use-localized';
import type { CatalogTexts } from './catalog-texts';
import { VoteCount } from './vote-count';

interface CategoryCardProps {
  category: Category;
  /** The list's texts: one card per category. */
  t: CatalogTexts;
}

export function CategoryCard({ category, t }: CategoryCardProps) {
  const localized = useLocalized();
  const name = localized(category.name, category.nameFr);
  const description = localized(category.description, category.descriptionFr);
  const headingId = `category-${category.id}`;
  return (
    <Card className="group flex h-full flex-col overflow-hidden transition-shadow hover:shadow-lg">
      <div
        className="h-1.5 bg-gradient-to-r from-gold-300 via-gold-400 to-gold-500"
        aria-hidden="true"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-300 shadow-sm">
            <CategoryIcon icon={category.icon} className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <h2
              id={headingId}
              className="font-display text-xl leading-snug font-semibold break-words text-foreground"
            >
              {name}
            </h2>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-gold-700">
              <p className="inline-flex items-center gap-1.5">
                <Users className="size-4" aria-hidden="true" />
                {t('categories.nomineeCount', { count: category.artistCount })}
              </p>
              <VoteCount count={category.voteCount} t={t} />
            </div>
          </div>
        </div>
        {description ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            {description}
          </p>
        ) : null}
        <Link
          href={`/category/${category.id}`}
          aria-describedby={headingId}
          className={cn(buttonVariants({ variant: 'default' }), 'mt-auto w-full')}
        >
          {t('voteNow')}
          <ChevronRight aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}
