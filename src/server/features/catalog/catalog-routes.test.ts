import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, categories, nominations } from '#server/db/schema.js';
import type { Artist, Category, PublicNomination, ShareLookup } from '#shared/schemas/catalog.js';
import { call } from '#test/support/call-app.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment, createPendingPayment } from '#test/factories/payment-factory.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';

const HOUR = 3_600_000;

describeEachDatabase('public catalogue API', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const res = await call<T>(t.app, { method: 'GET', url });
    return { status: res.status, body: res.body, headers: res.headers };
  };

  it('lists active categories with nominee and completed-vote counts only', async () => {
    const db = t.database.db;
    const category = await createCategory(db, { name: 'Counted' });
    const hidden = await createCategory(db, { name: 'Hidden', isActive: false });
    const a = await createNominee(db, { categoryIds: [category.id, hidden.id] });
    const b = await createNominee(db, { categoryIds: [category.id], artist: { isActive: false } });
    await createCompletedPayment(db, {
      votes: [{ nominationId: a.nominations[0]!.id, voteCount: 7 }],
    });
    await createPendingPayment(db, {
      votes: [{ nominationId: a.nominations[0]!.id, voteCount: 50 }],
    });
    await createCompletedPayment(db, {
      votes: [{ nominationId: b.nominations[0]!.id, voteCount: 3 }],
    });

    const { status, body } = await get<Category[]>('/api/categories');
    expect(status).toBe(200);
    expect(body.map((c) => c.name)).toContain('Counted');
    expect(body.map((c) => c.name)).not.toContain('Hidden');
    const counted = body.find((c) => c.id === category.id)!;
    // The inactive artist is hidden and so are its votes; the pending payment counts for nothing.
    expect(counted).toMatchObject({ artistCount: 1, voteCount: 7, nameFr: expect.any(String) });
    expect(counted.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers one category, 404 for unknown and hidden ones, 400 for malformed ids', async () => {
    const db = t.database.db;
    const category = await createCategory(db);
    const hidden = await createCategory(db, { isActive: false });
    expect((await get<Category>(`/api/categories/${category.id}`)).body.id).toBe(category.id);
    expect(await get(`/api/categories/${hidden.id}`)).toMatchObject({
      status: 404,
      body: { message: 'This category was not found. It may have been removed.' },
    });
    expect((await get('/api/categories/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const bad of [
      'abc',
      '1',
      'null',
      "'%20OR%201=1",
      '00000000-0000-4000-8000-00000000000z',
    ]) {
      const res = await get<{ message: string }>(`/api/categories/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/id/);
    }
  });

  it('lists a category’s nominees with the full public artist shape and share links', async () => {
    const db = t.database.db;
    const [c1, c2, c3] = [
      await createCategory(db),
      await createCategory(db),
      await createCategory(db),
    ];
    const star = await createNominee(db, {
      categoryIds: [c1.id, c2.id, c3.id],
      artist: { name: 'Zed Star', nameFr: 'Zed Étoile' },
      nomination: { nominationTitle: 'Hit Song', nominationTitleFr: 'Chanson à succès' },
    });
    await createNominee(db, { categoryIds: [c1.id], artist: { name: 'Abe First' } });
    const { status, body } = await get<PublicNomination[]>(`/api/nominations/category/${c1.id}`);
    expect(status).toBe(200);
    expect(body.map((n) => n.artist.name)).toEqual(['Abe First', 'Zed Star']);
    const nomination = body[1]!;
    expect(nomination).toMatchObject({
      categoryId: c1.id,
      nominationTitle: 'Hit Song',
      nominationTitleFr: 'Chanson à succès',
      voteCount: 0,
      category: { id: c1.id, artistCount: 2 },
      artist: { id: star.artist.id, nameFr: 'Zed Étoile', categoryCount: 3, isTrending: false },
    });
    expect(nomination.shareableLink).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(nomination.artist.categories.map((c) => c.id).sort()).toEqual(
      [c1.id, c2.id, c3.id].sort(),
    );

    expect((await get(`/api/nominations/category/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get('/api/nominations/category/nope')).status).toBe(400);
  });

  it('serves artists and their nominations, hiding inactive artists and nominations', async () => {
    const db = t.database.db;
    const [c1, c2] = [await createCategory(db), await createCategory(db)];
    const nominee = await createNominee(db, { categoryIds: [c1.id, c2.id] });
    await db
      .update(nominations)
      .set({ isActive: false })
      .where(eq(nominations.id, nominee.nominations[1]!.id));
    await createCompletedPayment(db, {
      votes: [
        { nominationId: nominee.nominations[0]!.id, voteCount: 4 },
        { nominationId: nominee.nominations[0]!.id, voteCount: 1 },
      ],
    });
    const artist = await get<Artist>(`/api/artists/${nominee.artist.id}`);
    expect(artist.body).toMatchObject({ totalVotes: 5, categoryCount: 1 });
    const list = await get<PublicNomination[]>(`/api/artists/${nominee.artist.id}/nominations`);
    expect(list.body.map((n) => n.categoryId)).toEqual([c1.id]);
    const same = await get<PublicNomination[]>(`/api/nominations/artist/${nominee.artist.id}`);
    expect(same.body).toEqual(list.body);

    await db.update(artists).set({ isActive: false }).where(eq(artists.id, nominee.artist.id));
    expect(await get(`/api/artists/${nominee.artist.id}`)).toMatchObject({
      status: 404,
      body: { message: 'This artist was not found. They may have been removed.' },
    });
    expect((await get(`/api/artists/${nominee.artist.id}/nominations`)).status).toBe(404);
    expect((await get('/api/artists/x/nominations')).status).toBe(400);
  });

  it('resolves share links, which are unique, stable and unguessable', async () => {
    const db = t.database.db;
    const category = await createCategory(db);
    const nominee = await createNominee(db, { categoryIds: [category.id] });
    const link = nominee.nominations[0]!.shareableLink;
    const { status, body } = await get<ShareLookup>(`/api/nominations/share/${link}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      categoryId: category.id,
      nominationId: nominee.nominations[0]!.id,
      category: { id: category.id },
      artist: { id: nominee.artist.id },
    });
    expect((await get<ShareLookup>(`/api/nominations/share/${link}`)).body.nominationId).toBe(
      body.nominationId,
    );
    expect((await get('/api/nominations/share/AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await get('/api/nominations/share/a')).status).toBe(400);
    expect((await get('/api/nominations/share/%3Cscript%3E')).status).toBe(400);

    const many = await createNominee(db, {
      categoryIds: await Promise.all(
        [1, 2, 3, 4, 5].map(async () => (await createCategory(db)).id),
      ),
    });
    const links = new Set(many.nominations.map((n) => n.shareableLink));
    expect(links.size).toBe(5);
  });

  describe('trending', () => {
    it('marks the leader of a category over the last 24 hours, ties included, never zero', async () => {
      const db = t.database.db;
      const category = await createCategory(db);
      const [old, leader, tied, quiet] = [
        await createNominee(db, { categoryIds: [category.id] }),
        await createNominee(db, { categoryIds: [category.id] }),
        await createNominee(db, { categoryIds: [category.id] }),
        await createNominee(db, { categoryIds: [category.id] }),
      ];
      const vote = (n: typeof old, voteCount: number, at: Date) =>
        createCompletedPayment(db, {
          votes: [{ nominationId: n.nominations[0]!.id, voteCount }],
          at,
        });
      // Many votes, but two days ago: not trending.
      await vote(old, 90, new Date(Date.now() - 48 * HOUR));
      await vote(leader, 6, new Date(Date.now() - 2 * HOUR));
      await vote(tied, 6, new Date());
      const list = await get<PublicNomination[]>(`/api/nominations/category/${category.id}`);
      const byArtist = new Map(list.body.map((n) => [n.artist.id, n.artist]));
      expect(byArtist.get(old.artist.id)).toMatchObject({
        isTrending: false,
        trendingVotes: 0,
        totalVotes: 90,
      });
      expect(byArtist.get(leader.artist.id)).toMatchObject({ isTrending: true, trendingVotes: 6 });
      expect(byArtist.get(tied.artist.id)).toMatchObject({ isTrending: true, trendingVotes: 6 });
      expect(byArtist.get(quiet.artist.id)).toMatchObject({ isTrending: false, trendingVotes: 0 });

      const empty = await createCategory(db);
      const lonely = await createNominee(db, { categoryIds: [empty.id] });
      expect((await get<Artist>(`/api/artists/${lonely.artist.id}`)).body.isTrending).toBe(false);
    });
  });

  it('never answers 500 to odd paths and methods', async () => {
    for (const url of [
      '/api/categories/%00',
      '/api/artists/%E0%A4%A',
      '/api/nominations/share/' + 'a'.repeat(500),
      '/api/nope',
    ]) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.body.message).toBeTruthy();
    }
    const res = await call(t.app, { method: 'DELETE', url: '/api/categories' });
    expect(res.status).toBe(404);
  });

  it('reports health and readiness', async () => {
    expect((await get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await get('/readyz')).body).toEqual({
      status: 'ready',
      database: 'ok',
      ...(kind === 'postgres'
        ? { pool: { max: 10, open: expect.any(Number), idle: expect.any(Number), waiting: 0 } }
        : {}),
      redis: 'not configured',
      rateLimits: 'in-process',
    });
    const count = await t.database.db.execute(sql`SELECT count(*) FROM ${categories}`);
    expect(count).toBeTruthy();
  });
});

describeEachDatabase('public catalogue encodings', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('serves pre-compressed JSON to clients that accept it', async () => {
    await createNominee(t.database.db);
    const plain = await call(t.app, { method: 'GET', url: '/api/categories' });
    const gz = await call(t.app, {
      method: 'GET',
      url: '/api/categories',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(plain.body);
  });
});
