import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import './lib/i18n';
import { App } from './app';
import { firstScreenReady } from './screens';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server drew this screen: once it can be drawn again, the page takes over those elements
// (hydrates them) instead of replacing them. Not a top-level await: the bundler would then split
// its runtime into a file of its own, one more request before anything runs.
if (container.firstElementChild) {
  void firstScreenReady(window.location.pathname).then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
