import { useContext, useLayoutEffect } from 'react';
import { EarlyTapsContext } from './early-taps-context';

/**
 * Draws nothing, on the server too, so that the page React takes over has the same tree as the one
 * the server drew (ids made by useId depend on it). It sits in the part of the page React takes
 * over last (inside the screens' Suspense boundary, after the screen), so it runs once the fields
 * and buttons the voter used are React's.
 *
 * What was typed is told in the very commit that took the fields over (a layout effect), before
 * the browser can hand React another key: a key answered by a field that did not yet know what it
 * held would overwrite it. The held taps are given on the tasks after (early-taps.ts), outside
 * React's own work. Replaying twice does nothing.
 */
export function ReplayEarlyTaps(): null {
  const taps = useContext(EarlyTapsContext);
  useLayoutEffect(() => taps?.replay(), [taps]);
  return null;
}
