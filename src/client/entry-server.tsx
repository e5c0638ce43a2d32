/**
 * The server's way into the client: it draws a public page from the client's own components
 * (react-dom/server), with the answers that page's first render reads, so the phone paints the
 * page before any script has run and the browser's first render hydrates those same elements.
 * Built by `vite build --ssr` and loaded once when the server starts (src/server/main.ts).
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '#shared/limits';
import { App } from './app';
import { i18n, loadEveryNamespace } from './lib/i18n';
import { QUERY_DEFAULTS } from './query-client';
import { loadPageAnswers, type ReadAnswer } from './page-answers';
import type { PageData } from './page-data';
import { loadEveryScreen } from './screens';

export type { ReadAnswer } from './page-answers';

export interface DrawnPage {
  /** The markup that goes inside `#root`. */
  html: string;
  data: PageData;
}

export interface PageToDraw {
  pathname: string;
  /** The query string, with its `?`, or ''. */
  search: string;
  language: Language;
}

/** Loads every screen's code and every text, once, so each page is drawn in one pass. */
export async function prepare(): Promise<void> {
  await Promise.all([loadEveryScreen(), loadEveryNamespace()]);
}

/** The page at `page.pathname`, or null for a page the browser draws alone. */
export async function drawPage(page: PageToDraw, read: ReadAnswer): Promise<DrawnPage | null> {
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  if (!(await loadPageAnswers(queryClient, page.pathname, read))) return null;
  const texts = i18n.cloneInstance({ lng: page.language });
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={texts}>
        <App
          queryClient={queryClient}
          ssrPath={page.pathname}
          ssrSearch={page.search.replace(/^\?/, '')}
        />
      </I18nextProvider>
    </StrictMode>,
  );
  const data: PageData = { language: page.language, answers: dehydrate(queryClient) };
  queryClient.clear();
  return { html, data };
}
