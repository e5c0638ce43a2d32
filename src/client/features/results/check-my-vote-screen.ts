import { lazyScreen } from '#client/lib/lazy-screen';

/**
 * The results page's check comes last and brings the schemas its proofs are checked with: loaded
 * apart, and before the server draws the page or the browser takes it over (screens.ts).
 */
export const checkMyVote = lazyScreen(
  () => import('./check-my-vote'),
  (m) => m.CheckMyVote,
);
