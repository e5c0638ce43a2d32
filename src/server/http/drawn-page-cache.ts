import { ByteLruCache } from '#server/cache/byte-lru-cache.js';
import type { AppEvents } from '#server/events/app-events.js';
import type { DrawnPage, DrawPage, PageRequest, ReadAnswer } from './page-drawing.js';

/**
 * The longest a drawn page is given again after it was drawn. Vote counts change without any
 * signal this cache hears (they are folded into the catalogue as payments settle), as do the
 * published results' corrections and the ledger's head: a kept page shows them at most this much
 * later than the API does. A page's counts are only its first paint's: the live stream's first
 * message, once the page is React's, brings the current ones. Drawing a category page costs ~15 ms
 * of CPU; at one second each busy page was drawn again every second, half the app's CPU on
 * results night (`npm run bench -- mixed-load`).
 */
export const DRAWN_PAGE_MAX_AGE_MS = 5000;
/**
 * What the kept pages may hold, counted as three bytes a character of their markup and of their
 * data written as JSON: two for the strings (a string holding any character past Latin-1 takes two
 * a character), and one for the page's bytes the SPA handler makes of them once and keeps with
 * them (its compressed forms are a fraction of that). A category page of 25 nominees is about
 * 300,000 characters.
 */
export const DRAWN_PAGE_MAX_BYTES = 64 * 1024 * 1024;

export interface DrawnPageCacheOptions {
  /** `catalog-changed` and `event-changed` (this instance's or relayed) drop every kept page. */
  events: AppEvents;
  /** 0 or less keeps nothing: every page is drawn. */
  maxAgeMs: number;
  maxBytes?: number;
  /**
   * The first instant after `from` (this instance's clock) at which the event's status or the
   * counts' visibility changes by the clock alone, or null: no page is given past it.
   */
  nextEventEdge: (from: number) => Promise<number | null>;
  /** True while the answers are the last ones known because the database is away. */
  answersStale: () => boolean;
  now?: () => number;
}

interface Kept {
  page: DrawnPage & { drawnAt: number };
  size: number;
}

/**
 * Keeps the pages the client's components drew (ADR 0064), by what their markup depends on: the
 * path, the query string and the language, and the data they were drawn from. A page whose
 * answers the drawing read are the same for every visitor (the server reads them as a visitor
 * without a session) is the same page, so drawing it once for many visitors gives each the same
 * bytes at a fraction of the CPU.
 *
 * A kept page is given again until the first of: `maxAgeMs` after it was drawn; the event's next
 * edge by the clock (opening, close, counts going dark), so a page never shows a status the clock
 * has left; or a change to the catalogue or the event, which drops every page at once. A drawing
 * begun before such a change is never kept. Only a page drawn from fresh and complete answers is
 * kept: not a failed drawing, not one whose answer was refused (a missing category, results not
 * yet published), and not one drawn while the database is away. Concurrent visitors of a page
 * being drawn share that drawing.
 *
 * A kept page says when it was drawn (`drawnAt`: its answers, the server's clock among them, date
 * from then), and is the same object for every visitor it is given to.
 */
export function keepDrawnPages(draw: DrawPage, options: DrawnPageCacheOptions): DrawPage {
  if (options.maxAgeMs <= 0) return draw;
  const cache = new DrawnPageCache(draw, options);
  return (page, read) => cache.get(page, read);
}

class DrawnPageCache {
  private readonly kept: ByteLruCache<Kept>;
  private readonly drawing = new Map<
    string,
    { generation: number; promise: Promise<DrawnPage | null> }
  >();
  private generation = 0;
  private readonly now: () => number;

  constructor(
    private readonly draw: DrawPage,
    private readonly options: DrawnPageCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.kept = new ByteLruCache(
      options.maxBytes ?? DRAWN_PAGE_MAX_BYTES,
      options.maxAgeMs,
      this.now,
    );
    const dropAll = () => {
      this.generation++;
      this.kept.clear();
    };
    options.events.on('catalog-changed', dropAll);
    options.events.on('event-changed', dropAll);
  }

  get(page: PageRequest, read: ReadAnswer): Promise<DrawnPage | null> {
    const key = `${page.language} ${page.pathname}${page.search}`;
    const kept = this.kept.get(key);
    if (kept) return Promise.resolve(kept.page);
    const under = this.drawing.get(key);
    if (under?.generation === this.generation) return under.promise;
    const promise = this.drawAndKeep(key, page, read).finally(() => {
      if (this.drawing.get(key)?.promise === promise) this.drawing.delete(key);
    });
    this.drawing.set(key, { generation: this.generation, promise });
    return promise;
  }

  private async drawAndKeep(
    key: string,
    page: PageRequest,
    read: ReadAnswer,
  ): Promise<DrawnPage | null> {
    const { generation } = this;
    const drawnAt = this.now();
    let complete = !this.options.answersStale();
    // Asked before the answers are: an edge the drawing's answers already saw passed ends the page
    // at once, and one still ahead of them ends it on time.
    const edgeBefore = await this.eventEdgeAfter(drawnAt);
    const drawn = await this.draw(page, async (path) => {
      const answer = await read(path);
      if (answer === null) complete = false;
      return answer;
    });
    if (!drawn || !complete || edgeBefore === undefined || this.options.answersStale()) {
      return drawn;
    }
    // The event's settings may have been re-read while the page was drawn (another instance's
    // change, without Redis): the earlier of both edges stands.
    const edgeAfter = await this.eventEdgeAfter(drawnAt);
    if (edgeAfter === undefined || generation !== this.generation) return drawn;
    const kept = { ...drawn, drawnAt };
    const size = 3 * (drawn.html.length + JSON.stringify(drawn.data).length);
    this.kept.set(
      key,
      { page: kept, size },
      Math.min(drawnAt + this.options.maxAgeMs, edgeBefore, edgeAfter),
    );
    return kept;
  }

  /** The event's next edge after `from`, infinitely far when none; undefined when unknown. */
  private eventEdgeAfter(from: number): Promise<number | undefined> {
    return this.options.nextEventEdge(from).then(
      (edge) => edge ?? Number.POSITIVE_INFINITY,
      () => undefined,
    );
  }
}
