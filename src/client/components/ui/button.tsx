import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

/** A <button>. A link that looks like one takes `buttonVariants()` as its class instead. */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
