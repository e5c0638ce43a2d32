import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn';

/** A placeholder shape; hidden from assistive tech, the surrounding region carries aria-busy. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-[#e9e6dd]', className)}
      {...props}
    />
  );
}
