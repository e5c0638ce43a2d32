import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import './lib/i18n';
import { App } from './app';
import { afterNextPaint } from './lib/after-next-paint';
import { firstScreenReady, startLoadingScreen } from './screens';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

const { pathname } = window.location;

if (container.firstElementChild) {
  // The server drew this screen, and the voter sees it as soon as the stylesheet is in. What the
  // rest of the screen needs is asked for once that is painted, so the picture and the stylesheet
  // are not sharing a slow link with code. Then, once the screen can be drawn again, the page takes
  // over those elements (hydrates them) instead of replacing them. Not a top-level await: the
  // bundler would then split its runtime into a file of its own, one more request.
  void afterNextPaint()
    .then(() => {
      startLoadingScreen(pathname);
      return firstScreenReady(pathname);
    })
    .then(() => hydrateRoot(container, app));
} else {
  startLoadingScreen(pathname);
  createRoot(container).render(app);
}
