import { useTranslation } from 'react-i18next';
import { Skeleton } from '#client/components/ui/skeleton';

/** Same footprint as the hero, so the page does not jump when the category arrives. */
export function CategoryHeroSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="bg-ink-950" role="status" aria-busy="true" aria-label={t('loading')}>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-10 pb-10 sm:px-6 sm:pt-16 sm:pb-14">
        <Skeleton className="size-14 rounded-2xl bg-white/10" />
        <Skeleton className="h-9 w-2/3 bg-white/10" />
        <Skeleton className="h-5 w-full max-w-xl bg-white/10" />
        <Skeleton className="h-8 w-32 rounded-full bg-white/10" />
      </div>
    </div>
  );
}
