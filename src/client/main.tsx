import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { i18n } from './lib/i18n';
import { App } from './app';
import { afterNextPaint } from './lib/after-next-paint';
import { holdEarlyTaps, type EarlyTaps } from './lib/early-taps';
import { queryClient } from './query-client';
import { readPageData, takePageAnswers } from './page-data';
import { firstScreenReady, startLoadingScreen } from './screens';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (earlyTaps?: EarlyTaps) => (
  <StrictMode>
    <App earlyTaps={earlyTaps} />
  </StrictMode>
);

const { pathname } = window.location;
const drawn = readPageData();

if (drawn && drawn.language === i18n.language) {
  // The server drew this screen, and the voter sees it as soon as the stylesheet is in. The
  // screen's code and texts are asked for once that is painted, so the picture and the stylesheet
  // are not sharing a slow link with code; then the page takes over those elements (hydrates
  // them). Not a top-level await: the bundler would then split its runtime into a file of its
  // own, one more request.
  takePageAnswers(queryClient, drawn);
  const taps = holdEarlyTaps(container);
  void afterNextPaint()
    .then(() => {
      startLoadingScreen(pathname, true);
      return firstScreenReady(pathname);
    })
    // In a transition React takes the page over in slices of a few milliseconds, yielding to the
    // browser between them: a cheap phone stays responsive to a tap (and the tap's part of the
    // page is taken over first) instead of freezing for the whole page's hydration.
    .then(() => {
      startTransition(() => void hydrateRoot(container, app(taps)));
    });
} else {
  // Drawn in another language than this browser's choice (made before the server was told of it,
  // lib/language.ts): the page is drawn again in the voter's language, with the same answers.
  // The first render waits for the screen's code and texts: until then, what the server drew (if
  // anything) stays in view rather than a loading state.
  if (drawn) takePageAnswers(queryClient, drawn);
  startLoadingScreen(pathname, Boolean(drawn));
  const root = createRoot(container);
  void firstScreenReady(pathname).then(() => {
    startTransition(() => root.render(app()));
  });
}
