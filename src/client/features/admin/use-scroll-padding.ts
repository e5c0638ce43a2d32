import { useEffect } from 'react';

/**
 * Keeps what gets focus clear of sticky bars: the browser scrolls a focused field (Tab, or our
 * own focus() calls) into the part of the window that the padding leaves free.
 */
export function useScrollPadding(side: 'top' | 'bottom', size: string): void {
  useEffect(() => {
    const { style } = document.documentElement;
    const property = side === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const previous = style[property];
    style[property] = size;
    return () => {
      style[property] = previous;
    };
  }, [side, size]);
}
