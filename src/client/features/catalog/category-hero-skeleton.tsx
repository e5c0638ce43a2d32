import { useTranslation } from 'react-i18next';
import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/cn';
import { HERO_MIN_HEIGHT } from './category-hero';

/** Same footprint as the hero, so the page does not jump when the category arrives. */
export function CategoryHeroSkeleton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="bg-ink-950" role="status" aria-busy="true" aria-label={t('loading')}>
      <div
        className={cn(
          'mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-10 sm:px-6 sm:pt-16',
          compact ? 'pb-6 sm:pb-8' : ['pb-10 sm:pb-14', HERO_MIN_HEIGHT],
        )}
      >
        <Skeleton className="size-14 rounded-2xl bg-white/10" />
        <Skeleton className="h-9 w-2/3 bg-white/10" />
        <Skeleton className="h-5 w-full max-w-xl bg-white/10" />
        <Skeleton className="h-8 w-32 rounded-full bg-white/10" />
      </div>
    </div>
  );
}
