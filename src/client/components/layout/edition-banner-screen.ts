import { lazyScreen } from '#client/lib/lazy-screen';

/**
 * The banner shows only on an edition's own pages (`/e/{slug}/`), so the current edition's first
 * screen does not carry it: loaded apart, and before the server draws such a page or the browser
 * takes it over (screens.ts).
 */
export const editionBanner = lazyScreen(
  () => import('./edition-banner'),
  (m) => m.EditionBanner,
);
