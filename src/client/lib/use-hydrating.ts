import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * True while a render must give what the server drew: on the server, and in the browser's first
 * render over a page the server drew (hydration); false in every render after it. A value the two
 * machines cannot agree on (the clock) is read from the page's answers while it is true; React
 * renders the component again, with the live value, as soon as the page has been taken over.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
}
