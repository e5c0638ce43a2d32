/**
 * The organiser's catalogue and settings per edition: every admin route reads and writes the
 * edition it is asked for (the current one by default), never another's, and an archived edition
 * refuses changes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { categories, editions, nominations } from '#server/db/schema.js';
import {
  adminArtistDetailSchema,
  adminArtistSchema,
  adminCategorySchema,
} from '#shared/schemas/admin.js';
import { publicEventSchema } from '#shared/schemas/event.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { call } from '#test/support/call-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createArtist, createCategory, createNomination } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';

describeEachDatabase('the admin catalogue and settings per edition', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const admin = <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    json?: unknown,
    language: 'en' | 'fr' = 'en',
  ) => call<T>(t.app, { method, url, json, headers: { ...headers, 'accept-language': language } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
  });
  afterAll(() => t.close());

  const categoryIds = (answer: { body: unknown }) =>
    adminCategorySchema
      .array()
      .parse(answer.body)
      .map((c) => c.id);

  it('lists and creates the categories of the edition asked for, and only those', async () => {
    const { db } = t.database;
    const other = await createEdition(db);
    const ours = await createCategory(db);
    const theirs = await createCategory(db, { editionId: other.id });

    const current = categoryIds(await admin('GET', '/api/admin/categories'));
    expect(current).toContain(ours.id);
    expect(current).not.toContain(theirs.id);
    const asked = categoryIds(await admin('GET', `/api/admin/categories?edition=${other.slug}`));
    expect(asked).toEqual([theirs.id]);

    const created = await admin('POST', `/api/admin/categories?edition=${other.slug}`, {
      name: 'Best Newcomer',
    });
    expect(created.status).toBe(201);
    const id = adminCategorySchema.parse(created.body).id;
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    expect(row?.editionId).toBe(other.id);
    expect(categoryIds(await admin('GET', '/api/admin/categories'))).not.toContain(id);

    // A category is changed only through its own edition.
    const elsewhere = await admin('PUT', `/api/admin/categories/${id}`, { name: 'Renamed' });
    expect(elsewhere.status).toBe(404);
    const own = await admin('PUT', `/api/admin/categories/${id}?edition=${other.slug}`, {
      name: 'Renamed',
    });
    expect(own.status).toBe(200);
    expect(adminCategorySchema.parse(own.body).name).toBe('Renamed');
  });

  it('answers 404 for an unknown edition and 400 for a malformed one, on every route', async () => {
    const artist = await createArtist(t.database.db);
    for (const url of [
      '/api/admin/categories',
      '/api/admin/artists',
      `/api/admin/artists/${artist.id}`,
      '/api/event',
    ]) {
      expect((await admin('GET', `${url}?edition=no-such-one`)).status).toBe(404);
      expect((await admin('GET', `${url}?edition=Not_A_Slug`)).status).toBe(400);
    }
    const unknown = await admin('POST', '/api/admin/categories?edition=no-such-one', {
      name: 'Nowhere',
    });
    expect(unknown.status).toBe(404);
    expect((await admin('PUT', '/api/admin/event?edition=no-such-one', {})).status).toBe(400);
  });

  it('shows one list of artists, with the votes and nominations of the edition asked for', async () => {
    const { db } = t.database;
    const other = await createEdition(db);
    const ours = await createCategory(db);
    const theirs = await createCategory(db, { editionId: other.id });
    const artist = await createArtist(db);
    await createNomination(db, { artistId: artist.id, categoryId: ours.id }, { voteCount: 7 });
    await createNomination(db, { artistId: artist.id, categoryId: theirs.id }, { voteCount: 30 });
    const loner = await createArtist(db);

    const listed = async (query: string) =>
      adminArtistSchema.array().parse((await admin('GET', `/api/admin/artists${query}`)).body);
    const inCurrent = await listed('');
    const inOther = await listed(`?edition=${other.slug}`);
    expect(inCurrent.find((a) => a.id === artist.id)?.totalVotes).toBe(7);
    expect(inOther.find((a) => a.id === artist.id)?.totalVotes).toBe(30);
    // A profile is shared by every edition: listed in both, nominated or not.
    expect(inCurrent.some((a) => a.id === loner.id)).toBe(true);
    expect(inOther.some((a) => a.id === loner.id)).toBe(true);

    const detail = async (query: string) =>
      adminArtistDetailSchema.parse(
        (await admin('GET', `/api/admin/artists/${artist.id}${query}`)).body,
      );
    expect((await detail('')).nominations.map((n) => n.categoryId)).toEqual([ours.id]);
    expect((await detail(`?edition=${other.slug}`)).nominations.map((n) => n.categoryId)).toEqual([
      theirs.id,
    ]);
  });

  it("edits an artist's nominations in one edition, leaving the others' alone", async () => {
    const { db } = t.database;
    const other = await createEdition(db);
    const ours = await createCategory(db);
    const ours2 = await createCategory(db);
    const theirs = await createCategory(db, { editionId: other.id });
    const artist = await createArtist(db, { name: 'Shared Artist' });
    await createNomination(db, { artistId: artist.id, categoryId: ours.id });
    const kept = await createNomination(db, { artistId: artist.id, categoryId: theirs.id });

    // Replacing the current edition's nominations does not remove the other edition's.
    const saved = await admin('PUT', `/api/admin/artists/${artist.id}`, {
      name: 'Shared Artist',
      nominations: [{ categoryId: ours2.id }],
    });
    expect(saved.status).toBe(200);
    expect(adminArtistDetailSchema.parse(saved.body).nominations.map((n) => n.categoryId)).toEqual([
      ours2.id,
    ]);
    const [still] = await db.select().from(nominations).where(eq(nominations.id, kept.id));
    expect(still?.isActive).toBe(true);

    // A nomination names only a category of the edition being edited.
    for (const [query, category] of [
      ['', theirs.id],
      [`?edition=${other.slug}`, ours.id],
    ] as const) {
      const refused = await admin('PUT', `/api/admin/artists/${artist.id}${query}`, {
        name: 'Shared Artist',
        nominations: [{ categoryId: category }],
      });
      expect(refused.status).toBe(422);
    }
    const french = await admin(
      'POST',
      '/api/admin/artists',
      { name: 'Newcomer', nominations: [{ categoryId: theirs.id }] },
      'fr',
    );
    expect(french.status).toBe(422);
    expect(french.body.message).toMatch(/catégorie de l’édition/);
  });

  it('refuses category and nomination changes in an archived edition (409, en and fr), and still reads it', async () => {
    const { db } = t.database;
    const archived = await createEdition(db, { archivedAt: new Date() });
    const category = await createCategory(db, { editionId: archived.id });
    const artist = await createArtist(db);
    await createNomination(db, { artistId: artist.id, categoryId: category.id });
    const q = `?edition=${archived.slug}`;

    const attempts = [
      admin('POST', `/api/admin/categories${q}`, { name: 'Late' }),
      admin('PUT', `/api/admin/categories/${category.id}${q}`, { name: 'Late' }),
      admin('DELETE', `/api/admin/categories/${category.id}${q}`),
      admin('PUT', `/api/admin/artists/${artist.id}${q}`, {
        name: artist.name,
        nominations: [{ categoryId: category.id, nominationTitle: 'Changed' }],
      }),
      admin('POST', `/api/admin/artists${q}`, {
        name: 'Late',
        nominations: [{ categoryId: category.id }],
      }),
      admin('DELETE', `/api/admin/artists/${artist.id}${q}`),
    ];
    for (const refused of await Promise.all(attempts)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/archived/);
    }
    const french = await admin('POST', `/api/admin/categories${q}`, { name: 'Late' }, 'fr');
    expect(french.status).toBe(409);
    expect(french.body.message).toMatch(/archivée/);

    expect(categoryIds(await admin('GET', `/api/admin/categories${q}`))).toEqual([category.id]);
    const [row] = await db.select().from(categories).where(eq(categories.id, category.id));
    expect(row).toMatchObject({ name: category.name, isActive: true });
  });

  it('reads and changes the edition asked for in the Event tab, prices included; an archived one is read-only', async () => {
    const { db } = t.database;
    const other = await createEdition(db, { name: 'Awards 2031', priceXaf: 150 });
    const before = publicEventSchema.parse((await admin('GET', '/api/event')).body);
    const asked = publicEventSchema.parse(
      (await admin('GET', `/api/event?edition=${other.slug}`)).body,
    );
    expect(asked).toMatchObject({ slug: other.slug, name: 'Awards 2031', prices: { XAF: 150 } });

    const settings = {
      name: 'Awards 2031 (final)',
      nameFr: 'Prix 2031',
      timezone: 'Africa/Douala',
      votingOpensAt: null,
      votingClosesAt: null,
      resultsVisibility: 'live',
      hideCountsHoursBeforeClose: null,
      prices: { XAF: 200, USD: 75 },
    };
    const saved = await admin('PUT', `/api/admin/event?edition=${other.slug}`, settings);
    expect(saved.status).toBe(200);
    expect(publicEventSchema.parse(saved.body)).toMatchObject({
      slug: other.slug,
      name: 'Awards 2031 (final)',
      prices: { XAF: 200, USD: 75 },
    });
    const [stored] = await db.select().from(editions).where(eq(editions.id, other.id));
    expect(stored).toMatchObject({ priceXaf: 200, priceUsd: 75 });
    // The current edition did not move.
    const after = publicEventSchema.parse((await admin('GET', '/api/event')).body);
    expect(after).toMatchObject({ slug: before.slug, name: before.name, prices: before.prices });

    // Publishing the other edition's results leaves the current edition's unpublished.
    const closed = await createEdition(db, {
      votingOpensAt: new Date(Date.now() - 2 * 86_400_000),
      votingClosesAt: new Date(Date.now() - 86_400_000),
    });
    const published = await admin(
      'POST',
      `/api/admin/event/publish-results?edition=${closed.slug}`,
    );
    expect(published.status).toBe(200);
    expect(publicEventSchema.parse(published.body).resultsPublishedAt).not.toBeNull();
    expect(
      publicEventSchema.parse((await admin('GET', '/api/event')).body).resultsPublishedAt,
    ).toBe(before.resultsPublishedAt);

    const archived = await createEdition(db, {
      votingOpensAt: new Date(Date.now() - 2 * 86_400_000),
      votingClosesAt: new Date(Date.now() - 86_400_000),
      archivedAt: new Date(),
    });
    const q = `?edition=${archived.slug}`;
    for (const refused of [
      await admin('PUT', `/api/admin/event${q}`, settings),
      await admin('POST', `/api/admin/event/close-voting${q}`),
      await admin('POST', `/api/admin/event/publish-results${q}`),
    ]) {
      expect(refused.status).toBe(409);
    }
    const french = await admin('PUT', `/api/admin/event${q}`, settings, 'fr');
    expect(french.body.message).toMatch(/archivée/);
    const [untouched] = await db.select().from(editions).where(eq(editions.id, archived.id));
    expect(untouched).toMatchObject({ name: archived.name, resultsPublishedAt: null });
  });
});
