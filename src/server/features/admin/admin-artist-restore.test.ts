import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nominations } from '#server/db/schema.js';
import {
  adminArtistDetailSchema,
  artistDeleteResultSchema,
  type ArtistFormInput,
} from '#shared/schemas/admin.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { call } from '#test/support/call-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';

describeEachDatabase('admin artist delete and Undo', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const admin = <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    json?: unknown,
  ) => call<T>(t.app, { method, url, headers, json });
  const json = async (url: string): Promise<unknown> => (await admin('GET', url)).body;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
  });
  afterAll(() => t.close());

  /** Everything a vote shows up in: totals, per period, rankings, lists, the public pages. */
  async function everyCount(categoryIds: string[], artistId: string) {
    return {
      stats: await json('/api/stats'),
      period: await json('/api/stats/period/all'),
      today: await json('/api/stats/period/today'),
      rankings: await json('/api/analytics/category-rankings/all'),
      adminArtist: ((await json('/api/admin/artists')) as Array<{ id: string }>).find(
        (a) => a.id === artistId,
      ),
      adminCategories: await json('/api/admin/categories'),
      publicArtist: (await call(t.app, { method: 'GET', url: `/api/artists/${artistId}` }))
        .body as unknown,
      publicNominees: await Promise.all(
        categoryIds.map(
          async (id) =>
            (await call(t.app, { method: 'GET', url: `/api/nominations/category/${id}` }))
              .body as unknown,
        ),
      ),
    };
  }

  it('brings back an artist with paid votes exactly as it was, and counts no vote twice', async () => {
    const db = t.app.ctx.db;
    const album = await createCategory(db, { name: 'Album of the Year (undo)' });
    const song = await createCategory(db, { name: 'Song of the Year (undo)' });
    const { artist, nominations: own } = await createNominee(db, {
      categoryIds: [album.id, song.id],
      artist: { name: 'Undo Star' },
      nomination: { nominationTitle: 'Douala Nights' },
    });
    const rival = await createNominee(db, { categoryIds: [album.id] });
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [
        { nominationId: own[0]!.id, voteCount: 3 },
        { nominationId: rival.nominations[0]!.id, voteCount: 1 },
      ],
    });
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [{ nominationId: own[1]!.id, voteCount: 2 }],
    });
    const detail = adminArtistDetailSchema.parse(await json(`/api/admin/artists/${artist.id}`));
    const before = await everyCount([album.id, song.id], artist.id);

    const deleted = artistDeleteResultSchema.parse(
      (await admin('DELETE', `/api/admin/artists/${artist.id}`)).body,
    );
    expect(deleted.outcome).toBe('hidden');
    expect(deleted.nominationIds.sort()).toEqual(own.map((n) => n.id).sort());
    expect((await call(t.app, { method: 'GET', url: `/api/artists/${artist.id}` })).status).toBe(
      404,
    );

    const restored = await admin('POST', `/api/admin/artists/${artist.id}/restore`, {
      nominationIds: deleted.nominationIds,
    });
    expect(restored.status).toBe(200);
    expect(adminArtistDetailSchema.parse(restored.body)).toEqual(detail);
    expect(await everyCount([album.id, song.id], artist.id)).toEqual(before);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/nominations/share/${own[0]!.shareableLink}` }))
        .status,
    ).toBe(200);

    // A second Undo (a double click) changes nothing; a new payment counts once.
    const again = await admin('POST', `/api/admin/artists/${artist.id}/restore`, {
      nominationIds: deleted.nominationIds,
    });
    expect(again.status).toBe(200);
    expect(await everyCount([album.id, song.id], artist.id)).toEqual(before);
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId: own[0]!.id, voteCount: 5 }],
    });
    const after = adminArtistDetailSchema.parse(await json(`/api/admin/artists/${artist.id}`));
    expect(after.totalVotes).toBe(detail.totalVotes + 5);
    const [row] = await db.select().from(nominations).where(eq(nominations.id, own[0]!.id));
    expect(row).toMatchObject({ isActive: true, voteCount: 8 });
  });

  it('brings back an artist without votes, with its nomination texts', async () => {
    const category = await createCategory(t.app.ctx.db);
    const form: ArtistFormInput = {
      name: 'Never Voted',
      bio: 'Brand new.',
      bioFr: 'Tout nouveau.',
      photoUrl: null,
      isFeatured: true,
      nominations: [
        {
          categoryId: category.id,
          nominationTitle: 'First single',
          nominationDescription: 'Out this spring.',
        },
      ],
    };
    const created = adminArtistDetailSchema.parse(
      (await admin('POST', '/api/admin/artists', form)).body,
    );
    const deleted = artistDeleteResultSchema.parse(
      (await admin('DELETE', `/api/admin/artists/${created.id}`)).body,
    );
    const restored = await admin('POST', `/api/admin/artists/${created.id}/restore`, {
      nominationIds: deleted.nominationIds,
    });
    expect(adminArtistDetailSchema.parse(restored.body)).toEqual(created);
  });

  it('keeps hidden what the delete did not hide, and what lost its category meanwhile', async () => {
    const db = t.app.ctx.db;
    const [kept, dropped, doomed] = [
      await createCategory(db, { name: 'Kept (undo)' }),
      await createCategory(db, { name: 'Dropped earlier (undo)' }),
      await createCategory(db, { name: 'Deleted meanwhile (undo)' }),
    ];
    const created = adminArtistDetailSchema.parse(
      (
        await admin('POST', '/api/admin/artists', {
          name: 'Partly Back',
          bio: null,
          bioFr: null,
          photoUrl: null,
          isFeatured: false,
          nominations: [kept, dropped, doomed].map((c) => ({ categoryId: c.id })),
        })
      ).body,
    );
    const idIn = (categoryId: string) =>
      created.nominations.find((n) => n.categoryId === categoryId)!.id;
    // Paid votes keep both the dropped nomination and the doomed category as hidden rows.
    await createCompletedPayment(db, {
      votes: [
        { nominationId: idIn(dropped.id), voteCount: 2 },
        { nominationId: idIn(doomed.id), voteCount: 1 },
      ],
    });
    await admin('PUT', `/api/admin/artists/${created.id}`, {
      name: 'Partly Back',
      nominations: [{ categoryId: kept.id }, { categoryId: doomed.id }],
    });
    const deleted = artistDeleteResultSchema.parse(
      (await admin('DELETE', `/api/admin/artists/${created.id}`)).body,
    );
    expect(deleted.nominationIds.sort()).toEqual([idIn(kept.id), idIn(doomed.id)].sort());
    expect((await admin('DELETE', `/api/admin/categories/${doomed.id}`)).status).toBe(200);

    // Another artist's hidden nomination named in the request is none of this Undo's business.
    const stranger = await createNominee(db, { categoryIds: [kept.id] });
    await admin('DELETE', `/api/admin/artists/${stranger.artist.id}`);
    const restored = adminArtistDetailSchema.parse(
      (
        await admin('POST', `/api/admin/artists/${created.id}/restore`, {
          nominationIds: [...deleted.nominationIds, stranger.nominations[0]!.id],
        })
      ).body,
    );
    expect(restored.nominations.map((n) => n.id)).toEqual([idIn(kept.id)]);
    const rows = await db
      .select({ id: nominations.id, isActive: nominations.isActive })
      .from(nominations)
      .where(
        inArray(nominations.id, [idIn(dropped.id), idIn(doomed.id), stranger.nominations[0]!.id]),
      );
    expect(rows.every((r) => !r.isActive)).toBe(true);
  });

  it('answers 404 for an unknown artist and 400 for a malformed request', async () => {
    const unknown = '6f1c1f8e-1d2b-4c3a-9f00-000000000000';
    const { artist } = await createNominee(t.app.ctx.db);
    expect(
      (await admin('POST', `/api/admin/artists/${unknown}/restore`, { nominationIds: [] })).status,
    ).toBe(404);
    expect(
      (await admin('POST', '/api/admin/artists/123/restore', { nominationIds: [] })).status,
    ).toBe(400);
    expect((await admin('POST', `/api/admin/artists/${artist.id}/restore`, {})).status).toBe(400);
    expect(
      (await admin('POST', `/api/admin/artists/${artist.id}/restore`, { nominationIds: ['x'] }))
        .status,
    ).toBe(400);
  });
});
