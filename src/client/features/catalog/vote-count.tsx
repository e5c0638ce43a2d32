import { Heart } from 'lucide-react';
import { cn } from '#client/lib/cn';
import { formatWholeNumber } from '#shared/format-whole-number';
import { useLanguage } from '#client/lib/use-language';
import type { CatalogTexts } from './catalog-texts';

interface VoteCountProps {
  /** Absent while the event hides counts: then nothing is drawn, and nothing is held open. */
  count: number | undefined;
  t: CatalogTexts;
  className?: string;
  /**
   * Keep room for a few digits (default). A count alone at the end of its row (the hero's pill)
   * moves nothing as it grows, and reads better without the room.
   */
  reserveDigits?: boolean;
}

/**
 * A vote count that changes live. Its digits are all one width and the number keeps room for a
 * few of them, so a new tally does not nudge what sits beside it; placed last in its row, a
 * number that gains a digit grows into free space.
 */
export function VoteCount({ count, t, className, reserveDigits = true }: VoteCountProps) {
  const language = useLanguage();
  if (count === undefined) return null;
  const formatted = formatWholeNumber(count, language);
  return (
    <p
      data-testid="vote-count"
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums', className)}
    >
      <Heart className="size-3.5 shrink-0" aria-hidden="true" />
      <span className={cn('inline-block', reserveDigits && 'min-w-[4ch] text-end')}>
        {formatted}
      </span>{' '}
      {/* The space is for text readers; the flex gap draws it. */}
      <span>{t('votes', { count })}</span>
    </p>
  );
}
