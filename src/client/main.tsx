import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import './lib/i18n';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
