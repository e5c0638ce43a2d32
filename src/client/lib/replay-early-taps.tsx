import { useEffect } from 'react';
import type { EarlyTaps } from './early-taps';

/**
 * Draws nothing, on the server too, so that the page React takes over has the same tree as the one
 * the server drew (ids made by useId depend on it). Its effect runs once React has committed the
 * page it sits in; the held tap (if any: `taps` is only given over a drawn page) is
 * given to its button just after, outside React's own work: a part of the page React has not taken
 * over yet (a Suspense boundary) is then taken over at once for the tap, which React cannot do
 * while it is running effects.
 */
export function ReplayEarlyTaps({ taps }: { taps: EarlyTaps | undefined }): null {
  useEffect(() => {
    if (!taps) return;
    const timer = window.setTimeout(taps.replay, 0);
    return () => window.clearTimeout(timer);
  }, [taps]);
  return null;
}
