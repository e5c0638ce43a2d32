import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { inDatabaseTime, setEvent } from '#test/factories/event-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { call } from '#test/support/call-app.js';
import { openSse } from '#test/support/sse-client.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

/** Every key that is a vote count or a figure derived from one. */
const COUNT_KEYS = ['voteCount', 'totalVotes', 'trendingVotes', 'isTrending'];

function countKeysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) countKeysIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (COUNT_KEYS.includes(key)) found.add(key);
      countKeysIn(inner, found);
    }
  }
  return found;
}

describeEachDatabase('vote counts in public answers', (kind) => {
  let t: TestApp;
  let urls: string[];
  let shareLink: string;
  let admin: Record<string, string>;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { db } = t.database;
    admin = (await signedInUser(db, { isAdmin: true })).headers;
    const category = await createCategory(db);
    const nominee = await createNominee(db, { categoryIds: [category.id] });
    await createCompletedPayment(db, {
      votes: [{ nominationId: nominee.nominations[0]!.id, voteCount: 7 }],
    });
    shareLink = nominee.nominations[0]!.shareableLink;
    const artistId = nominee.artist.id;
    urls = [
      '/api/categories',
      `/api/categories/${category.id}`,
      `/api/nominations/category/${category.id}`,
      `/api/nominations/artist/${artistId}`,
      `/api/artists/${artistId}/nominations`,
      `/api/artists/${artistId}`,
      `/api/nominations/share/${shareLink}`,
    ];
  });
  afterAll(() => t.close());

  async function expose(window: Parameters<typeof setEvent>[1]) {
    await setEvent(t.database.db, window);
    t.app.ctx.events.emit('event-changed');
  }

  async function seen() {
    const found: Record<string, string[]> = {};
    for (const url of urls) {
      const res = await call(t.app, { url });
      expect(res.status, url).toBe(200);
      found[url] = [...countKeysIn(res.body)].sort();
    }
    // The live stream opens with a snapshot, which carries every count only while they show.
    const stream = await openSse(`${base}/api/live`);
    const snapshot = await stream.next((m) => m.event === 'snapshot');
    stream.close();
    found['/api/live'] = [...countKeysIn(JSON.parse(snapshot.data))].sort();
    // The share page's preview is rendered on the server for crawlers.
    const page = await call(t.app, { url: `/share/${shareLink}` });
    found['/share page'] = /\b7 votes?\b|voteCount/.test(String(page.body)) ? ['a count'] : [];
    return found;
  }

  async function hiddenEverywhere() {
    for (const [url, keys] of Object.entries(await seen())) expect(keys, url).toEqual([]);
  }

  it('carries every count while counts are live', async () => {
    await expose({ resultsVisibility: 'live', hideCountsHoursBeforeClose: null });
    const found = await seen();
    expect(found['/api/categories']).toEqual(['voteCount']);
    for (const url of urls.slice(2, 5)) expect(found[url], url).toEqual(COUNT_KEYS.toSorted());
    expect(found[urls[5]!]).toEqual(['isTrending', 'totalVotes', 'trendingVotes']);
    expect(found['/api/live']).toEqual(['voteCount']);
  });

  describe.each([
    ['the organiser hides them', { resultsVisibility: 'hidden' as const }],
    [
      'the final hours before the close have begun',
      {
        resultsVisibility: 'live' as const,
        votingClosesAt: inDatabaseTime('2 hours'),
        hideCountsHoursBeforeClose: 3,
      },
    ],
    [
      'voting has closed inside the hidden hours',
      {
        resultsVisibility: 'live' as const,
        votingClosesAt: inDatabaseTime('-1 hour'),
        hideCountsHoursBeforeClose: 3,
      },
    ],
  ])('when %s', (_name, window) => {
    it('no public answer carries a count or a trending mark, while the admin still sees them', async () => {
      await expose({ ...window, resultsPublishedAt: null });
      await hiddenEverywhere();
      const adminList = await call<Array<Record<string, unknown>>>(t.app, {
        url: '/api/admin/artists',
        headers: admin,
      });
      expect(adminList.status).toBe(200);
      expect(countKeysIn(adminList.body).has('totalVotes')).toBe(true);
    });

    it('every count comes back once the results are published', async () => {
      await expose({ ...window, resultsPublishedAt: inDatabaseTime('0 seconds') });
      const found = await seen();
      expect(found['/api/categories']).toEqual(['voteCount']);
      await expose({ resultsPublishedAt: null });
    });
  });

  it('hides counts the moment the final hours begin, without any change to the settings', async () => {
    await expose({
      resultsVisibility: 'live',
      votingClosesAt: inDatabaseTime('3 hours 1 second'),
      hideCountsHoursBeforeClose: 3,
    });
    expect([...countKeysIn((await call(t.app, { url: '/api/categories' })).body)]).toEqual([
      'voteCount',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...countKeysIn((await call(t.app, { url: '/api/categories' })).body)]).toEqual([]);
  });
});
