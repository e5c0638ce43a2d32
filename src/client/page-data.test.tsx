import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '#shared/page-data-element';
import { readPageData, takePageAnswers, type PageData } from './page-data';

const EVENT_KEY = ['/api/event'];

/** A page as the server sends it: its data in a script element, with the age of a kept page. */
function sentPage(data: unknown, ageAttribute?: string): void {
  const age = ageAttribute === undefined ? '' : ` data-age-ms="${ageAttribute}"`;
  document.body.innerHTML = `<div id="root"></div><script id="${PAGE_DATA_ELEMENT_ID}" type="application/json"${age}>${JSON.stringify(data)}</script>`;
}

const drawnData = (): PageData => {
  const source = new QueryClient();
  source.setQueryData(EVENT_KEY, { serverTime: '2026-12-20T19:59:58.000Z' });
  return { language: 'en', answers: dehydrate(source) };
};

describe("a drawn page's data", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('dates the answers of a page drawn now by their arrival', () => {
    sentPage(drawnData());
    const data = readPageData()!;
    expect(data.ageMs).toBeUndefined();
    const queryClient = new QueryClient();
    const before = Date.now();
    takePageAnswers(queryClient, data);
    expect(queryClient.getQueryState(EVENT_KEY)!.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it('dates the answers of a page the server kept back by its age, so the server clock is not read late', () => {
    sentPage(drawnData(), '800');
    const data = readPageData()!;
    expect(data.ageMs).toBe(800);
    const queryClient = new QueryClient();
    const before = Date.now();
    takePageAnswers(queryClient, data);
    const updatedAt = queryClient.getQueryState(EVENT_KEY)!.dataUpdatedAt;
    expect(updatedAt).toBeLessThanOrEqual(Date.now() - 800);
    expect(updatedAt).toBeGreaterThanOrEqual(before - 800);
  });

  it('reads an age that is not a positive number as none', () => {
    for (const attribute of ['', '0', '-5', 'soon']) {
      sentPage(drawnData(), attribute);
      expect(readPageData()!.ageMs, attribute).toBeUndefined();
    }
  });
});
