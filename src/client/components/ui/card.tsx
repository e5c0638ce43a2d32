import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-[var(--radius-card)] border border-border bg-card text-card-foreground shadow-[0_1px_2px_rgb(11_19_48/0.05),0_4px_16px_-6px_rgb(11_19_48/0.10)]',
        className,
      )}
      {...props}
    />
  );
}
