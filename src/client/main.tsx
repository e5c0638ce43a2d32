import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { i18n } from './lib/i18n';
import { initialLanguage } from './lib/language';
import { App } from './app';
import { AfterFirstRender } from './components/after-first-render';
import { afterNextPaint } from './lib/after-next-paint';
import { queryClient } from './lib/query-client';
import { readPageData, takePageAnswers } from './page-data';
import { firstScreenReady, startLoadingScreen } from './screens';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (afterFirstRender?: () => void) => (
  <StrictMode>
    <App />
    {afterFirstRender && <AfterFirstRender effect={afterFirstRender} />}
  </StrictMode>
);

const { pathname } = window.location;
const drawn = readPageData();

if (drawn) {
  // The server drew this screen, and the voter sees it as soon as the stylesheet is in. The
  // screen's code and texts are asked for once that is painted, so the picture and the stylesheet
  // are not sharing a slow link with code; then the page takes over those elements (hydrates
  // them) in the language they were drawn in. Not a top-level await: the bundler would then split
  // its runtime into a file of its own, one more request.
  takePageAnswers(queryClient, drawn);
  // A choice made in this browser that the server did not know of (its cookie cleared) applies
  // once the page has taken over what was drawn.
  const preferred = initialLanguage();
  const applyPreferred = () => {
    if (preferred !== drawn.language) void i18n.changeLanguage(preferred);
  };
  void i18n
    .changeLanguage(drawn.language)
    .then(afterNextPaint)
    .then(() => {
      startLoadingScreen(pathname, true);
      return firstScreenReady(pathname);
    })
    .then(() => hydrateRoot(container, app(applyPreferred)));
} else {
  startLoadingScreen(pathname, false);
  createRoot(container).render(app());
}
