import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { categories, nominations, paymentVotes } from '#server/db/schema.js';
import { adminCategorySchema, deleteResultSchema } from '#shared/schemas/admin.js';
import { categorySchema } from '#shared/schemas/catalog.js';
import { statsSchema } from '#shared/schemas/analytics.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { call } from '#test/support/call-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment, createPendingPayment } from '#test/factories/payment-factory.js';
import { catalogueFingerprint } from '#test/factories/catalogue-fingerprint.js';

describeEachDatabase('admin categories', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const admin = <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    json?: unknown,
  ) => call<T>(t.app, { method, url, headers, json });

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
  });
  afterAll(() => t.close());

  it('creates a category, applying the form defaults, and the public site shows it at once', async () => {
    await call(t.app, { method: 'GET', url: '/api/categories' }); // warm the public cache first
    const response = await admin('POST', '/api/admin/categories', {
      name: '  Best Newcomer  ',
      description: 'Fresh talent',
      nameFr: '',
    });
    expect(response.status).toBe(201);
    const created = adminCategorySchema.parse(response.body);
    expect(created).toMatchObject({
      name: 'Best Newcomer',
      nameFr: null,
      icon: 'fa-solid fa-trophy',
      backgroundColor: '#3B82F6',
      artistCount: 0,
      voteCount: 0,
      // No translation provider here: nothing is invented, the gaps are reported.
      missingFrench: ['nameFr', 'descriptionFr'],
      machineTranslated: [],
    });
    const listed = categorySchema
      .array()
      .parse((await call(t.app, { method: 'GET', url: '/api/categories' })).body);
    expect(listed.map((c) => c.id)).toContain(created.id);
    const adminList = adminCategorySchema
      .array()
      .parse((await admin('GET', '/api/admin/categories')).body);
    expect(adminList.find((c) => c.id === created.id)?.name).toBe('Best Newcomer');
  });

  it('updates every accepted field and keeps the admin French as given', async () => {
    const category = await createCategory(t.app.ctx.db);
    const body = {
      name: 'Song of the Year',
      nameFr: "Chanson de l'année",
      description: 'The song',
      descriptionFr: 'La chanson',
      icon: 'fa-solid fa-music',
      backgroundImageUrl: 'https://cdn.example/song.jpg',
      backgroundColor: 'rgb(1, 2, 3)',
      isActive: false,
      id: '00000000-0000-4000-8000-000000000000',
    };
    const response = await admin('PUT', `/api/admin/categories/${category.id}`, body);
    expect(response.status).toBe(200);
    const { isActive: _ignored, id: _id, ...accepted } = body;
    expect(response.body).toMatchObject({ ...accepted, id: category.id, missingFrench: [] });
    const [row] = await t.app.ctx.db
      .select()
      .from(categories)
      .where(eq(categories.id, category.id));
    expect(row!.isActive).toBe(true);
  });

  it('rejects bad input with a 400 message and changes nothing', async () => {
    const category = await createCategory(t.app.ctx.db);
    const long = (n: number) => 'x'.repeat(n);
    const cases: Array<[unknown, string]> = [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 42 }, 'Name is required'],
      [{ name: long(256) }, 'Name must be at most 255 characters'],
      [{ name: 'ok', nameFr: long(256) }, 'French name must be at most 255 characters'],
      [{ name: 'ok', icon: long(101) }, 'Icon must be at most 100 characters'],
      [{ name: 'ok', icon: 'fa"><script>' }, 'Icon must be an icon class name'],
      [
        { name: 'ok', backgroundColor: long(21) },
        'Background colour must be at most 20 characters',
      ],
      [
        { name: 'ok', backgroundColor: 'red;x:url(a)' },
        'Background colour must be a colour such as #3B82F6',
      ],
      [
        { name: 'ok', backgroundImageUrl: 'javascript:alert(1)' },
        'Background image must be a web address',
      ],
      [{ name: 'ok', description: long(5001) }, 'Description must be at most 5000 characters'],
      [[], 'Request body must be a JSON object'],
      ['name', 'Request body must be a JSON object'],
      [null, 'Request body must be a JSON object'],
    ];
    const before = await catalogueFingerprint(t.app);
    for (const [body, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/admin/categories'],
        ['PUT', `/api/admin/categories/${category.id}`],
      ] as const) {
        const response = await admin(method, url, body);
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body.message).toContain(message);
      }
    }
    const notJson = await call(t.app, {
      method: 'POST',
      url: '/api/admin/categories',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(notJson.status).toBe(400);
    const plain = await call(t.app, {
      method: 'POST',
      url: '/api/admin/categories',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'name=x',
    });
    expect(plain.status).toBe(400);
    expect(await catalogueFingerprint(t.app)).toBe(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await admin('PUT', '/api/admin/categories/nope', { name: 'x' })).status).toBe(400);
    expect((await admin('DELETE', '/api/admin/categories/nope')).status).toBe(400);
    const unknown = '6f1c1f8e-1d2b-4c3a-9f00-000000000000';
    expect((await admin('PUT', `/api/admin/categories/${unknown}`, { name: 'x' })).status).toBe(
      404,
    );
    expect((await admin('DELETE', `/api/admin/categories/${unknown}`)).status).toBe(404);
  });

  it('deletes a category without votes, with its nominations', async () => {
    const category = await createCategory(t.app.ctx.db);
    const { nominations: own } = await createNominee(t.app.ctx.db, { categoryIds: [category.id] });
    const response = await admin('DELETE', `/api/admin/categories/${category.id}`);
    expect(deleteResultSchema.parse(response.body)).toEqual({
      id: category.id,
      outcome: 'deleted',
    });
    expect(
      await t.app.ctx.db.select().from(categories).where(eq(categories.id, category.id)),
    ).toEqual([]);
    expect(
      await t.app.ctx.db.select().from(nominations).where(eq(nominations.id, own[0]!.id)),
    ).toEqual([]);
  });

  it('hides a category with paid votes and keeps its votes and revenue in the totals', async () => {
    const category = await createCategory(t.app.ctx.db);
    const { nominations: own } = await createNominee(t.app.ctx.db, { categoryIds: [category.id] });
    await createCompletedPayment(t.app.ctx.db, {
      provider: 'campay',
      votes: [{ nominationId: own[0]!.id, voteCount: 7 }],
    });
    await createPendingPayment(t.app.ctx.db, {
      provider: 'stripe',
      votes: [{ nominationId: own[0]!.id, voteCount: 1 }],
    });
    const statsBefore = statsSchema.parse((await admin('GET', '/api/stats')).body);

    const response = await admin('DELETE', `/api/admin/categories/${category.id}`);
    expect(response.body).toEqual({ id: category.id, outcome: 'hidden' });

    const statsAfter = statsSchema.parse((await admin('GET', '/api/stats')).body);
    expect(statsAfter.campay).toEqual(statsBefore.campay);
    expect(statsAfter.totalVotes).toBe(statsBefore.totalVotes);
    expect(statsAfter.totalCategories).toBe(statsBefore.totalCategories - 1);
    const votes = await t.app.ctx.db
      .select()
      .from(paymentVotes)
      .where(eq(paymentVotes.nominationId, own[0]!.id));
    expect(votes).toHaveLength(2);
    const [nomination] = await t.app.ctx.db
      .select()
      .from(nominations)
      .where(eq(nominations.id, own[0]!.id));
    expect(nomination).toMatchObject({ isActive: false, voteCount: 7 });

    expect(
      (await call(t.app, { method: 'GET', url: `/api/categories/${category.id}` })).status,
    ).toBe(404);
    const adminList = (await admin<Array<{ id: string }>>('GET', '/api/admin/categories')).body;
    expect(adminList.map((c) => c.id)).not.toContain(category.id);
    expect(
      (await admin('PUT', `/api/admin/categories/${category.id}`, { name: 'back?' })).status,
    ).toBe(404);
    expect((await admin('DELETE', `/api/admin/categories/${category.id}`)).status).toBe(404);
  });
});
