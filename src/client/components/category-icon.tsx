import { categoryIconName } from '#client/lib/category-icon';
import { cn } from '#client/lib/cn';
// Never inlined as a data: URL, which <use> cannot reference: one file, cached for a year.
import spriteUrl from '../assets/category-icons.svg?no-inline';

interface CategoryIconProps {
  icon: string | null | undefined;
  className?: string;
}

/**
 * Decorative: the category name next to it already says what it is. Drawn as lucide draws its
 * icons (the stroke is set here and inherited by the sprite's outline), from the sprite's symbol.
 */
export function CategoryIcon({ icon, className }: CategoryIconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('size-5', className)}
      aria-hidden
      focusable="false"
    >
      <use href={`${spriteUrl}#${categoryIconName(icon)}`} />
    </svg>
  );
}
