import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { artists, nominations } from '#server/db/schema.js';
import {
  adminArtistDetailSchema,
  adminArtistSchema,
  type ArtistFormInput,
} from '#shared/schemas/admin.js';
import { statsSchema } from '#shared/schemas/analytics.js';
import { publicArtistSchema } from '#shared/schemas/catalog.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { call } from '#test/support/call-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { catalogueFingerprint } from '#test/factories/catalogue-fingerprint.js';

describeEachDatabase('admin artists', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let categoryIds: string[];
  const admin = <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    json?: unknown,
  ) => call<T>(t.app, { method, url, headers, json });

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
    categoryIds = [];
    for (const name of ['Album', 'Song', 'Video', 'Live']) {
      categoryIds.push((await createCategory(t.app.ctx.db, { name })).id);
    }
  });
  afterAll(() => t.close());

  const form = (overrides: Partial<ArtistFormInput> = {}): ArtistFormInput => ({
    name: 'Ndolo Bassa',
    bio: 'Makossa revivalist',
    bioFr: null,
    photoUrl: 'https://cdn.example/ndolo.jpg',
    isFeatured: true,
    nominations: [
      { categoryId: categoryIds[0]!, nominationTitle: 'Douala Nights' },
      { categoryId: categoryIds[1]!, nominationTitle: 'Mboa', nominationDescription: 'A hit' },
    ],
    ...overrides,
  });

  it('creates an artist with its nominations in one go, visible on the public site', async () => {
    const response = await admin('POST', '/api/admin/artists', form());
    expect(response.status).toBe(201);
    const created = adminArtistDetailSchema.parse(response.body);
    expect(created).toMatchObject({ name: 'Ndolo Bassa', isFeatured: true, totalVotes: 0 });
    expect(created.nominations.map((n) => n.categoryId).sort()).toEqual(
      categoryIds.slice(0, 2).sort(),
    );
    expect(created.missingFrench).toEqual(['bioFr']);
    const song = created.nominations.find((n) => n.categoryId === categoryIds[1]);
    expect(song?.missingFrench).toEqual(['nominationTitleFr', 'nominationDescriptionFr']);

    const publicArtist = publicArtistSchema.parse(
      (await call(t.app, { method: 'GET', url: `/api/artists/${created.id}` })).body,
    );
    expect(publicArtist.categoryCount).toBe(2);
    const list = adminArtistSchema.array().parse((await admin('GET', '/api/admin/artists')).body);
    const listed = list.find((a) => a.id === created.id);
    expect(listed?.missingFrench.sort()).toEqual(
      ['bioFr', 'nominationDescriptionFr', 'nominationTitleFr'].sort(),
    );
    expect(Object.keys(listed!)).not.toContain('nameFr');
    expect((await admin('GET', `/api/admin/artists/${created.id}`)).body).toEqual(created);
  });

  it('validates every field, and a refused save changes nothing', async () => {
    const before = await catalogueFingerprint(t.app);
    const cases: Array<[unknown, string]> = [
      [form({ nominations: [] }), 'Please add at least one category nomination'],
      [{ ...form(), nominations: undefined }, 'Please add at least one category nomination'],
      [
        form({
          nominations: [{ categoryId: categoryIds[0]! }, { categoryId: categoryIds[0]! }],
        }),
        'This category has already been added',
      ],
      [form({ name: '' }), 'Name is required'],
      [form({ name: 'x'.repeat(256) }), 'Name must be at most 255 characters'],
      [
        form({ nominations: [{ categoryId: categoryIds[0]!, nominationTitle: 'x'.repeat(256) }] }),
        'Nomination title must be at most 255 characters',
      ],
      [form({ nominations: [{ categoryId: 'not-a-uuid' }] }), 'Please choose a category'],
      [
        form({ nominations: [{ categoryId: '6f1c1f8e-1d2b-4c3a-9f00-000000000000' }] }),
        'A chosen category no longer exists',
      ],
      [form({ photoUrl: 'ftp://x/y.jpg' }), 'Photo must be a web address'],
      [{ ...form(), isFeatured: 'yes' }, 'Featured must be true or false'],
    ];
    const existing = adminArtistDetailSchema.parse(
      (await admin('POST', '/api/admin/artists', form({ name: 'Fixed' }))).body,
    );
    const baseline = await catalogueFingerprint(t.app);
    expect(baseline).not.toBe(before);
    for (const [body, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/admin/artists'],
        ['PUT', `/api/admin/artists/${existing.id}`],
      ] as const) {
        const response = await admin(method, url, body);
        expect(response.status, `${method} ${message}`).toBe(400);
        expect(response.body.message).toContain(message);
      }
    }
    expect(await catalogueFingerprint(t.app)).toBe(baseline);
  });

  it('keeps nomination ids and share links for categories that stay, and deactivates removed ones that have votes', async () => {
    const created = adminArtistDetailSchema.parse(
      (
        await admin(
          'POST',
          '/api/admin/artists',
          form({
            name: 'Stable Links',
            nominations: [
              { categoryId: categoryIds[0]! },
              { categoryId: categoryIds[1]! },
              { categoryId: categoryIds[2]! },
            ],
          }),
        )
      ).body,
    );
    const byCategory = new Map(created.nominations.map((n) => [n.categoryId, n]));
    const voted = byCategory.get(categoryIds[1]!)!;
    await createCompletedPayment(t.app.ctx.db, {
      votes: [{ nominationId: voted.id, voteCount: 4 }],
    });
    const stats = statsSchema.parse((await admin('GET', '/api/stats')).body);

    // Keep Album (renamed title), drop Song (voted) and Video (no votes), add Live.
    const updated = adminArtistDetailSchema.parse(
      (
        await admin(
          'PUT',
          `/api/admin/artists/${created.id}`,
          form({
            name: 'Stable Links II',
            nominations: [
              { categoryId: categoryIds[0]!, nominationTitle: 'New title' },
              { categoryId: categoryIds[3]! },
            ],
          }),
        )
      ).body,
    );
    const album = updated.nominations.find((n) => n.categoryId === categoryIds[0]);
    expect(album).toMatchObject({
      id: byCategory.get(categoryIds[0]!)!.id,
      shareableLink: byCategory.get(categoryIds[0]!)!.shareableLink,
      nominationTitle: 'New title',
    });
    expect(updated.nominations).toHaveLength(2);
    const [song] = await t.app.ctx.db
      .select()
      .from(nominations)
      .where(eq(nominations.id, voted.id));
    expect(song).toMatchObject({ isActive: false, voteCount: 4 });
    const videoId = byCategory.get(categoryIds[2]!)!.id;
    expect(
      await t.app.ctx.db.select().from(nominations).where(eq(nominations.id, videoId)),
    ).toEqual([]);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/nominations/share/${voted.shareableLink}` }))
        .status,
    ).toBe(404);
    expect(statsSchema.parse((await admin('GET', '/api/stats')).body).campay).toEqual(stats.campay);

    // Nominating the artist in Song again brings back the same nomination, votes and link.
    const again = adminArtistDetailSchema.parse(
      (
        await admin(
          'PUT',
          `/api/admin/artists/${created.id}`,
          form({
            name: 'Stable Links II',
            nominations: [{ categoryId: categoryIds[0]! }, { categoryId: categoryIds[1]! }],
          }),
        )
      ).body,
    );
    expect(again.nominations.find((n) => n.categoryId === categoryIds[1])).toMatchObject({
      id: voted.id,
      shareableLink: voted.shareableLink,
      voteCount: 4,
    });
    expect(again.totalVotes).toBe(4);
  });

  it('answers 404 for unknown or hidden artists and 400 for malformed ids', async () => {
    const unknown = '6f1c1f8e-1d2b-4c3a-9f00-000000000000';
    expect((await admin('GET', `/api/admin/artists/${unknown}`)).status).toBe(404);
    expect((await admin('PUT', `/api/admin/artists/${unknown}`, form())).status).toBe(404);
    expect((await admin('DELETE', `/api/admin/artists/${unknown}`)).status).toBe(404);
    expect((await admin('GET', '/api/admin/artists/123')).status).toBe(400);
    expect((await admin('PUT', '/api/admin/artists/123', form())).status).toBe(400);
  });

  it('hides an artist without votes too, so Undo can bring it back', async () => {
    const { artist, nominations: own } = await createNominee(t.app.ctx.db, {
      categoryIds: [categoryIds[0]!],
    });
    expect((await admin('DELETE', `/api/admin/artists/${artist.id}`)).body).toEqual({
      id: artist.id,
      outcome: 'hidden',
      nominationIds: [own[0]!.id],
    });
    const [row] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(row).toMatchObject({ isActive: false });
    const [nomination] = await t.app.ctx.db
      .select()
      .from(nominations)
      .where(eq(nominations.id, own[0]!.id));
    expect(nomination).toMatchObject({ isActive: false });
    expect((await call(t.app, { method: 'GET', url: `/api/artists/${artist.id}` })).status).toBe(
      404,
    );
  });

  it('hides an artist with paid votes: gone from every list, still in every total', async () => {
    const { artist, nominations: own } = await createNominee(t.app.ctx.db, {
      categoryIds: [categoryIds[0]!, categoryIds[1]!],
    });
    await createCompletedPayment(t.app.ctx.db, {
      provider: 'stripe',
      votes: [{ nominationId: own[1]!.id, voteCount: 3 }],
    });
    const before = statsSchema.parse((await admin('GET', '/api/stats')).body);
    expect((await admin('DELETE', `/api/admin/artists/${artist.id}`)).body).toEqual({
      id: artist.id,
      outcome: 'hidden',
      nominationIds: expect.arrayContaining(own.map((n) => n.id)),
    });
    const after = statsSchema.parse((await admin('GET', '/api/stats')).body);
    expect(after.stripe).toEqual(before.stripe);
    expect(after.totalVotes).toBe(before.totalVotes);
    expect(after.totalArtists).toBe(before.totalArtists - 1);
    const rows = await t.app.ctx.db
      .select()
      .from(nominations)
      .where(eq(nominations.artistId, artist.id));
    expect(rows.every((n) => !n.isActive)).toBe(true);
    expect(rows).toHaveLength(2);
    const list = (await admin<Array<{ id: string }>>('GET', '/api/admin/artists')).body;
    expect(list.map((a) => a.id)).not.toContain(artist.id);
    expect((await call(t.app, { method: 'GET', url: `/api/artists/${artist.id}` })).status).toBe(
      404,
    );
    expect((await admin('PUT', `/api/admin/artists/${artist.id}`, form())).status).toBe(404);
  });
});
