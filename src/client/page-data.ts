import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Language } from '#shared/limits';
import { PAGE_AGE_TIMING } from '#shared/page-age-timing';
import { PAGE_DATA_ELEMENT_ID } from '#shared/page-data-element';

/**
 * What the server hands the page it drew, beside the markup: the language it drew in and the
 * answers it drew with, so the browser's first render is the same page and asks for nothing again.
 * It travels as JSON in a script element the browser does not run.
 */
export interface PageData {
  language: Language;
  answers: DehydratedState;
  /**
   * How long before sending it the server drew the page, when it gave a page it had kept (its
   * Server-Timing `page-age`): the answers were read that long before they arrived.
   */
  ageMs?: number;
}

/** The page data the server embedded, or null on a page it left to the browser. */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  const data = JSON.parse(element.textContent) as PageData;
  const ageMs = pageAgeMs();
  return ageMs > 0 ? { ...data, ageMs } : data;
}

/**
 * The page's age as the server gave it with the page. A browser that does not pass Server-Timing
 * on to the page reads 0: its clock is then set late by the page's age, at most a second.
 */
function pageAgeMs(): number {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  if (!navigation || !('serverTiming' in navigation)) return 0;
  const { serverTiming } = navigation as PerformanceNavigationTiming;
  const age = serverTiming.find((metric) => metric.name === PAGE_AGE_TIMING)?.duration;
  return age !== undefined && age > 0 ? age : 0;
}

/**
 * The answers the server drew the page with, into `queryClient` as if the page had just asked for
 * them: the time they arrived is this phone's, so the voting clock measures the phone's offset from
 * the server's clock as it does for any answer. A page the server drew earlier and kept is dated
 * back by its age: its `serverTime` is that much older, and the offset would otherwise put the
 * phone behind the server's clock (a close seen late) by as much.
 */
export function takePageAnswers(queryClient: QueryClient, data: PageData): void {
  const arrivedAt = Date.now() - (data.ageMs ?? 0);
  for (const query of data.answers.queries) query.state.dataUpdatedAt = arrivedAt;
  hydrate(queryClient, data.answers);
}
