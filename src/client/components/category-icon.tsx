import { createElement } from 'react';
import { categoryIcon } from '#client/lib/category-icon';
import { cn } from '#client/lib/cn';

interface CategoryIconProps {
  icon: string | null | undefined;
  className?: string;
}

/** Decorative: the category name next to it already says what it is. */
export function CategoryIcon({ icon, className }: CategoryIconProps) {
  // createElement, not <Icon />: the component is looked up from a fixed table, not created here,
  // which the hooks linter cannot see through JSX.
  return createElement(categoryIcon(icon), {
    className: cn('size-5', className),
    'aria-hidden': true,
    focusable: false,
  });
}
