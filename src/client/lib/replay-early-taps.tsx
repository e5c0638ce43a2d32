import { useContext, useEffect } from 'react';
import { EarlyTapsContext } from './early-taps-context';

/**
 * Draws nothing, on the server too, so that the page React takes over has the same tree as the one
 * the server drew (ids made by useId depend on it). It sits in the part of the page React takes
 * over last (inside the screens' Suspense boundary, after the screen), so its effect runs once the
 * fields and buttons the voter used are React's. The held tap is given just after, outside React's
 * own work: a part of the page React has not taken over yet is then taken over at once for the
 * tap, which React cannot do while it is running effects. Replaying twice does nothing.
 */
export function ReplayEarlyTaps(): null {
  const taps = useContext(EarlyTapsContext);
  useEffect(() => {
    if (!taps) return;
    const timer = window.setTimeout(taps.replay, 0);
    return () => window.clearTimeout(timer);
  }, [taps]);
  return null;
}
