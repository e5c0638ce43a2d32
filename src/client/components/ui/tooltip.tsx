import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn';

// Open after 700 ms; moving between triggers within 300 ms skips the delay.
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/*
 * Wrap each screen that shows tooltips in <TooltipProvider> (the category screen does). It is not
 * at the app root on purpose: Radix Tooltip brings its positioning engine (~14 KB gzip), and the
 * first screen a voter opens has no tooltip, so it should not pay for it.
 */

export function TooltipProvider(props: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={OPEN_DELAY_MS}
      skipDelayDuration={SKIP_DELAY_MS}
      {...props}
    />
  );
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-ink-950 px-3 py-1.5 text-xs text-white shadow-md data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-ink-950" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
