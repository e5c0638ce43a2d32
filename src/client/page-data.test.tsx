import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_AGE_TIMING } from '#shared/page-age-timing';
import { PAGE_DATA_ELEMENT_ID } from '#shared/page-data-element';
import { readPageData, takePageAnswers } from './page-data';

const EVENT_KEY = ['/api/event'];

/** A page as the server sends it, its data in a script element, and its Server-Timing metrics. */
function sentPage(serverTiming: { name: string; duration: number }[] = []): void {
  const source = new QueryClient();
  source.setQueryData(EVENT_KEY, { serverTime: '2026-12-20T19:59:58.000Z' });
  const data = { language: 'en', answers: dehydrate(source) };
  document.body.innerHTML = `<div id="root"></div><script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${JSON.stringify(data)}</script>`;
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: 'http://localhost/category/a', entryType: 'navigation', serverTiming },
  ] as unknown as PerformanceEntryList);
}

describe("a drawn page's data", () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('dates the answers of a page drawn for this visit by their arrival', () => {
    sentPage();
    const data = readPageData()!;
    expect(data.ageMs).toBeUndefined();
    const queryClient = new QueryClient();
    const before = Date.now();
    takePageAnswers(queryClient, data);
    expect(queryClient.getQueryState(EVENT_KEY)!.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it('dates the answers of a page the server kept back by its age, so the server clock is not read late', () => {
    sentPage([
      { name: 'db', duration: 3 },
      { name: PAGE_AGE_TIMING, duration: 800 },
    ]);
    const data = readPageData()!;
    expect(data.ageMs).toBe(800);
    const queryClient = new QueryClient();
    const before = Date.now();
    takePageAnswers(queryClient, data);
    const updatedAt = queryClient.getQueryState(EVENT_KEY)!.dataUpdatedAt;
    expect(updatedAt).toBeLessThanOrEqual(Date.now() - 800);
    expect(updatedAt).toBeGreaterThanOrEqual(before - 800);
  });

  it('reads no age where the browser gives no navigation timing, or no positive one', () => {
    sentPage([{ name: PAGE_AGE_TIMING, duration: 0 }]);
    expect(readPageData()!.ageMs).toBeUndefined();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    expect(readPageData()!.ageMs).toBeUndefined();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: 'http://localhost/', entryType: 'navigation' },
    ] as unknown as PerformanceEntryList);
    expect(readPageData()!.ageMs).toBeUndefined();
  });
});
