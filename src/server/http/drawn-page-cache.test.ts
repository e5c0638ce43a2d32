import { describe, expect, it } from 'vitest';
import { AppEvents } from '#server/events/app-events.js';
import { keepDrawnPages, type DrawnPageCacheOptions } from './drawn-page-cache.js';
import type { DrawnPage, PageRequest, ReadAnswer } from './page-drawing.js';

const CATEGORY: PageRequest = { pathname: '/category/a', search: '', language: 'en' };

/**
 * A drawing that counts its runs and draws the answer it reads into its markup, with what the test
 * sets as the answers, the event's next edge and the database's state, on a clock the test drives.
 */
function setUp(overrides: Partial<DrawnPageCacheOptions> = {}) {
  const events = new AppEvents();
  const state = {
    now: 1_000_000,
    draws: 0,
    answer: 'first' as string | null,
    edge: null as number | null,
    edgeFails: false,
    stale: false,
    failing: false,
    /** How far the clock moves while a page is drawn. */
    drawMs: 0,
    /** While set, a drawing waits here after reading its answer. */
    gate: undefined as Promise<void> | undefined,
  };
  const read: ReadAnswer = async () => state.answer;
  const draw = keepDrawnPages(
    async (page, readAnswer): Promise<DrawnPage | null> => {
      state.draws++;
      if (state.failing) throw new Error('render failed');
      if (page.pathname === '/admin') return null;
      const answer = await readAnswer('/api/answer');
      state.now += state.drawMs;
      if (state.gate) await state.gate;
      return {
        html: `<p>${page.language} ${page.pathname}${page.search} ${String(answer)}</p>`,
        data: { answer },
      };
    },
    {
      events,
      maxAgeMs: 1000,
      nextEventEdge: async (from) => {
        if (state.edgeFails) throw new Error('database away');
        return state.edge !== null && state.edge > from ? state.edge : null;
      },
      answersStale: () => state.stale,
      now: () => state.now,
      ...overrides,
    },
  );
  const html = async (page: PageRequest = CATEGORY) => (await draw(page, read))?.html;
  /** Holds the drawings from now on until the function returned is called. */
  const hold = () => {
    let open = () => undefined as void;
    state.gate = new Promise<void>((resolve) => (open = resolve));
    return () => {
      state.gate = undefined;
      open();
    };
  };
  /** Until `draws` drawings have begun. */
  const drawsBegun = async (draws: number) => {
    while (state.draws < draws) await new Promise((resolve) => setImmediate(resolve));
  };
  return { events, state, draw, read, html, hold, drawsBegun };
}

describe('the drawn page cache', () => {
  it('draws a page once and gives that same page again, saying when it was drawn', async () => {
    const { state, draw, read } = setUp();
    const drawnAt = state.now;
    state.drawMs = 30;
    const first = await draw(CATEGORY, read);
    expect(first).toEqual({
      html: '<p>en /category/a first</p>',
      data: { answer: 'first' },
      drawnAt,
    });
    state.answer = 'second';
    state.now += 400;
    expect(await draw(CATEGORY, read)).toBe(first);
    expect(state.draws).toBe(1);
  });

  it('keeps each path, query string and language apart', async () => {
    const { state, html } = setUp();
    await html();
    expect(await html({ ...CATEGORY, language: 'fr' })).toBe('<p>fr /category/a first</p>');
    expect(await html({ ...CATEGORY, search: '?x=1' })).toBe('<p>en /category/a?x=1 first</p>');
    expect(await html({ ...CATEGORY, pathname: '/category/b' })).toBe(
      '<p>en /category/b first</p>',
    );
    expect(state.draws).toBe(4);
    await html({ ...CATEGORY, language: 'fr' });
    expect(state.draws).toBe(4);
  });

  it('gives a page for at most a second after its answers were read, so vote counts are at most that late', async () => {
    const { state, html } = setUp();
    const readAt = state.now;
    state.drawMs = 200;
    await html();
    state.answer = 'newer counts';
    state.now = readAt + 999;
    expect(await html()).toBe('<p>en /category/a first</p>');
    state.now = readAt + 1000;
    expect(await html()).toBe('<p>en /category/a newer counts</p>');
    expect(state.draws).toBe(2);
  });

  it.each(['catalog-changed', 'event-changed'] as const)(
    'drops every page on %s, whichever instance announced it',
    async (signal) => {
      const { events, state, html } = setUp();
      await html();
      await html({ ...CATEGORY, language: 'fr' });
      state.answer = 'changed';
      events.emit(signal);
      expect(await html()).toBe('<p>en /category/a changed</p>');
      // As Redis hands it over from another instance.
      state.answer = 'changed elsewhere';
      events.relay(signal, []);
      expect(await html({ ...CATEGORY, language: 'fr' })).toBe(
        '<p>fr /category/a changed elsewhere</p>',
      );
      expect(state.draws).toBe(4);
    },
  );

  it('never keeps a page whose drawing began before a change', async () => {
    const { events, state, draw, read, html, hold, drawsBegun } = setUp();
    const release = hold();
    const before = draw(CATEGORY, read);
    await drawsBegun(1);
    events.emit('event-changed');
    state.answer = 'after the change';
    state.gate = undefined;
    // A visitor after the change does not wait on the drawing begun before it...
    expect(await html()).toBe('<p>en /category/a after the change</p>');
    release();
    // ...which its own visitor gets, as drawn.
    expect((await before)?.html).toBe('<p>en /category/a first</p>');
    expect(await html()).toBe('<p>en /category/a after the change</p>');
    expect(state.draws).toBe(2);

    // Nor is it kept when no visitor drew the page after the change.
    const other = { ...CATEGORY, pathname: '/category/other' };
    const openAgain = hold();
    const early = draw(other, read);
    await drawsBegun(3);
    events.emit('catalog-changed');
    state.answer = 'after another change';
    openAgain();
    expect((await early)?.html).toBe('<p>en /category/other after the change</p>');
    expect(await html(other)).toBe('<p>en /category/other after another change</p>');
    expect(state.draws).toBe(4);
  });

  it("gives no page past the event's next edge, when the status or the counts' visibility changes", async () => {
    const { state, html } = setUp();
    state.edge = state.now + 300;
    await html();
    state.answer = 'closed';
    state.now += 299;
    expect(await html()).toBe('<p>en /category/a first</p>');
    state.now += 1;
    expect(await html()).toBe('<p>en /category/a closed</p>');
  });

  it("keeps nothing when the event's next edge cannot be known", async () => {
    const { state, html } = setUp();
    state.edgeFails = true;
    expect(await html()).toBe('<p>en /category/a first</p>');
    state.answer = 'second';
    expect(await html()).toBe('<p>en /category/a second</p>');
  });

  it('shares one drawing among the visitors who ask while it runs', async () => {
    const { state, draw, read, hold, drawsBegun } = setUp();
    const release = hold();
    const pages = [draw(CATEGORY, read), draw(CATEGORY, read), draw(CATEGORY, read)];
    await drawsBegun(1);
    release();
    const drawn = await Promise.all(pages);
    expect(drawn.map((page) => page?.html)).toEqual(
      Array.from({ length: 3 }, () => '<p>en /category/a first</p>'),
    );
    expect(state.draws).toBe(1);
  });

  it('keeps no failed drawing, no page left to the browser, no refused answer and no stale one', async () => {
    const { state, draw, read, html } = setUp();
    state.failing = true;
    await expect(draw(CATEGORY, read)).rejects.toThrow('render failed');
    state.failing = false;
    expect(await html()).toBe('<p>en /category/a first</p>');
    expect(state.draws).toBe(2);

    expect(await draw({ ...CATEGORY, pathname: '/admin' }, read)).toBeNull();
    expect(await draw({ ...CATEGORY, pathname: '/admin' }, read)).toBeNull();
    expect(state.draws).toBe(4);

    // A refused answer: a category that is not there, results not published (a 404 page).
    const missing = { ...CATEGORY, pathname: '/category/gone' };
    state.answer = null;
    // Given as drawn, with no time of drawing: nothing is made of it to keep.
    expect(await draw(missing, read)).toEqual({
      html: '<p>en /category/gone null</p>',
      data: { answer: null },
    });
    state.answer = 'there after all';
    expect(await html(missing)).toBe('<p>en /category/gone there after all</p>');

    // Drawn from the last answers known while the database is away.
    const other = { ...CATEGORY, pathname: '/category/other' };
    state.stale = true;
    state.answer = 'last known';
    expect(await html(other)).toBe('<p>en /category/other last known</p>');
    state.stale = false;
    state.answer = 'fresh';
    expect(await html(other)).toBe('<p>en /category/other fresh</p>');
  });

  it.each([
    ['goes away', false, true],
    ['comes back', true, false],
  ])('keeps no page drawn while the database %s', async (_name, staleBefore, staleAfter) => {
    const { state, draw, read, html, hold, drawsBegun } = setUp();
    state.stale = staleBefore;
    const release = hold();
    const drawing = draw(CATEGORY, read);
    await drawsBegun(1);
    state.stale = staleAfter;
    release();
    expect((await drawing)?.html).toBe('<p>en /category/a first</p>');
    state.stale = false;
    state.answer = 'second';
    expect(await html()).toBe('<p>en /category/a second</p>');
  });

  it('keeps the pages used last within its bound in bytes', async () => {
    // Each page here counts 3 x (27 + 18) = 135 bytes: its markup and its data as JSON.
    const { state, html } = setUp({ maxBytes: 300 });
    for (const pathname of ['/category/1', '/category/2', '/category/1', '/category/3']) {
      await html({ ...CATEGORY, pathname });
    }
    expect(state.draws).toBe(3);
    // 1 was used after 2, so 2 went to make room for 3.
    await html({ ...CATEGORY, pathname: '/category/1' });
    await html({ ...CATEGORY, pathname: '/category/3' });
    expect(state.draws).toBe(3);
    await html({ ...CATEGORY, pathname: '/category/2' });
    expect(state.draws).toBe(4);

    const tooLarge = setUp({ maxBytes: 100 });
    await tooLarge.html();
    await tooLarge.html();
    expect(tooLarge.state.draws).toBe(2);
  });

  it('keeps nothing without a cache time', async () => {
    const { state, html } = setUp({ maxAgeMs: 0 });
    await html();
    await html();
    expect(state.draws).toBe(2);
  });
});
