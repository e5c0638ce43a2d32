import { Flame } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '#client/components/ui/tooltip';
import { cn } from '#client/lib/cn';
import type { CatalogTexts } from './catalog-texts';

interface TrendingBadgeProps {
  t: CatalogTexts;
  className?: string;
}

/** The label is visible text; the tooltip explains what "trending" means. */
export function TrendingBadge({ t, className }: TrendingBadgeProps) {
  return (
    <Tooltip>
      <TooltipTrigger
        className={cn(
          'inline-flex items-center gap-1 rounded-full bg-gold-400 px-2.5 py-1 text-xs font-bold text-ink-950 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
          className,
        )}
      >
        <Flame className="size-3.5" aria-hidden="true" />
        {t('artist.trending')}
      </TooltipTrigger>
      <TooltipContent>{t('artist.trendingHint')}</TooltipContent>
    </Tooltip>
  );
}
