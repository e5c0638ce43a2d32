import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Language } from '#shared/limits';
import { PAGE_DATA_ELEMENT_ID } from '#shared/page-data-element';
import { App } from '#client/app';
import type { EarlyTaps } from '#client/lib/early-taps';
import { i18n } from '#client/lib/i18n';
import { QUERY_DEFAULTS } from '#client/query-client';
import { takePageAnswers, type PageData } from '#client/page-data';
import { call } from './call-app';
import { createTestApp, type TestApp } from './test-app';

/*
 * The public pages as the server draws them (the client's components through react-dom/server,
 * src/client/entry-server.tsx) and as the browser then takes them over (main.tsx): a page that
 * hydrates without a recoverable error and keeps the elements the phone painted.
 */

let drawing: ReturnType<typeof loadDrawing> | undefined;

async function loadDrawing() {
  const entry = await import('#client/entry-server');
  await entry.prepare();
  return entry.drawPage;
}

/** A test app that serves its page from a built client holding only the page, and draws it. */
export async function createAppDrawingPages(): Promise<TestApp> {
  drawing ??= loadDrawing();
  const drawPage = await drawing;
  const clientDir = await mkdtemp(path.join(tmpdir(), 'palmares-page-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
  );
  try {
    // A code's answer is held to a floor (LOOKUP_CODE_ANSWER_FLOOR_MS), so a wrong address takes
    // as long as a right one: the timing is the lookup's own tests' concern, and on a busy machine
    // it outlasted these tests' waits for the screen that follows.
    return await createTestApp(
      'pglite',
      { LOOKUP_CODE_ANSWER_FLOOR_MS: '0' },
      { clientDir, drawPage },
    );
  } finally {
    await rm(clientDir, { recursive: true, force: true });
  }
}

export interface DrawnPage {
  /** The page's `#root`, in the document, holding what the server drew. */
  container: HTMLElement;
  /** What the server handed the page with it; null when it left the page to the browser. */
  data: PageData | null;
}

/** Opens `url` as a phone would for a visitor who chose `language`: the page the server sent. */
export async function openDrawnPage(
  app: TestApp,
  url: string,
  language: Language,
): Promise<DrawnPage> {
  // The server's own instance stays in English (lib/i18n.ts): a page must be drawn in the
  // visitor's language whatever the instance it was copied from says.
  await i18n.changeLanguage('en');
  const page = await call<string>(app.app, {
    url,
    headers: { cookie: `palmares.language=${language}` },
  });
  const root = /<div id="root">(.*)<\/div>(?:<script|<\/body>)/s.exec(page.body)?.[1] ?? '';
  const script = new RegExp(
    `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(page.body)?.[1];
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${root}</div>`;
  return {
    container: document.getElementById('root')!,
    data: script ? (JSON.parse(script) as PageData) : null,
  };
}

export interface HydratedPage {
  /** What React could not take over as it was drawn (a mismatch), in the order reported. */
  recoverableErrors: unknown[];
  unmount: () => void;
}

/**
 * The browser's first render over the drawn page, as main.tsx does it, giving the page the taps
 * held before it (`taps`, held from when the page was opened). `whileTakingOver` runs once React
 * has started and before it has finished: what a voter does in that moment.
 */
export async function hydrateDrawnPage(
  page: DrawnPage,
  taps?: EarlyTaps,
  whileTakingOver?: () => void,
): Promise<HydratedPage> {
  if (!page.data) throw new Error('the server did not draw this page');
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  takePageAnswers(queryClient, page.data);
  await i18n.changeLanguage(page.data.language);
  const recoverableErrors: unknown[] = [];
  let unmount = () => undefined as void;
  await act(async () => {
    startTransition(() => {
      const root = hydrateRoot(
        page.container,
        <StrictMode>
          <App queryClient={queryClient} earlyTaps={taps} />
        </StrictMode>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
      unmount = () => root.unmount();
    });
    whileTakingOver?.();
    await Promise.resolve();
  });
  return { recoverableErrors, unmount };
}
