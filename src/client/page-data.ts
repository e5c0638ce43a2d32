import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Language } from '#shared/limits';
import { PAGE_DATA_ELEMENT_ID } from '#shared/page-data-element';

/**
 * What the server hands the page it drew, beside the markup: the language it drew in and the
 * answers it drew with, so the browser's first render is the same page and asks for nothing again.
 * It travels as JSON in a script element the browser does not run.
 */
export interface PageData {
  language: Language;
  answers: DehydratedState;
}

/** The page data the server embedded, or null on a page it left to the browser. */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PageData;
}

/**
 * The answers the server drew the page with, into `queryClient` as if the page had just asked for
 * them: the time they arrived is this phone's, so the voting clock measures the phone's offset from
 * the server's clock as it does for any answer.
 */
export function takePageAnswers(queryClient: QueryClient, data: PageData): void {
  const arrivedAt = Date.now();
  for (const query of data.answers.queries) query.state.dataUpdatedAt = arrivedAt;
  hydrate(queryClient, data.answers);
}
