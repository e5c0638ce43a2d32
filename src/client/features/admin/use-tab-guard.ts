import { useMemo, useRef } from 'react';
import { useLocation } from 'wouter';

export interface TabGuard {
  /** Opens the tab at `href`, or hands the switch to a form that has unsaved edits. */
  switchTo: (href: string) => void;
  /** While a form has unsaved edits it takes every switch; the returned function gives them back. */
  register: (ask: (href: string) => void) => () => void;
}

/**
 * The admin tabs change the address without a link the leave guard would see, and a closed tab
 * loses what its form held: a form with unsaved edits registers here to be asked first. A tab
 * replaces the address rather than adding to the history.
 */
export function useTabGuard(): TabGuard {
  const [, navigate] = useLocation();
  const ask = useRef<((href: string) => void) | null>(null);
  return useMemo(
    () => ({
      switchTo: (href) => {
        if (ask.current) ask.current(href);
        else navigate(href, { replace: true });
      },
      register: (asker) => {
        ask.current = asker;
        return () => {
          if (ask.current === asker) ask.current = null;
        };
      },
    }),
    [navigate],
  );
}
