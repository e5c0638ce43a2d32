import { useEffect } from 'react';

/**
 * A link to a new screen starts at its top, as a full page load would. Back/forward (popstate) is
 * left to the browser, which restores the previous position.
 */
export function ScrollToTop() {
  useEffect(() => {
    const onPush = () => window.scrollTo(0, 0);
    // wouter announces in-app navigations with a 'pushState' event on window.
    window.addEventListener('pushState', onPush);
    return () => window.removeEventListener('pushState', onPush);
  }, []);
  return null;
}
