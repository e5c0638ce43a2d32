import { asc, gt, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.js';
import { call, type Answer } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { recordAudit, SYSTEM_ACTOR } from './record-audit.js';

type AuditRow = typeof auditLog.$inferSelect;

/** The SQLSTATE of a refused statement, wherever the driver or Drizzle put it. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

describeEachDatabase('audit trail of admin changes', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let admin: { id: string; email: string | null };

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, {
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const lastId = async () =>
    (await t.app.ctx.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;

  /** Runs `request` and returns the audit rows it left, oldest first. */
  async function rowsLeftBy(request: () => Promise<Answer>): Promise<[Answer, AuditRow[]]> {
    const since = await lastId();
    const answer = await request();
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, since))
      .orderBy(asc(auditLog.id));
    return [answer, rows];
  }

  /** Runs `request`, expects `status` and exactly one new row, by the signed-in admin. */
  async function oneRow(status: number, request: () => Promise<Answer>): Promise<AuditRow> {
    const [answer, rows] = await rowsLeftBy(request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ actorId: admin.id, actorEmail: admin.email, reason: null });
    return row;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const signed = await signedInUser(t.app.ctx.db, {
      isAdmin: true,
      email: `audit-admin-${kind}@example.com`,
    });
    headers = signed.headers;
    admin = { id: signed.user.id, email: signed.user.email };
  });
  afterAll(() => t.close());

  it('records a category created, edited and deleted, with its values before and after', async () => {
    const form = { name: 'Best Newcomer', description: 'First year', icon: 'fa-solid fa-star' };
    const created = await oneRow(201, () => send('POST', '/api/admin/categories', form));
    expect(created).toMatchObject({
      action: 'category.create',
      entityType: 'category',
      before: null,
      after: { ...form, nameFr: null, descriptionFr: null },
    });
    const categoryId = created.entityId!;
    expect(categoryId).toMatch(/^[0-9a-f-]{36}$/);

    const edited = await oneRow(200, () =>
      send('PUT', `/api/admin/categories/${categoryId}`, { ...form, name: 'Best New Act' }),
    );
    expect(edited).toMatchObject({
      action: 'category.update',
      entityId: categoryId,
      before: { name: 'Best Newcomer', description: 'First year' },
      after: { name: 'Best New Act', description: 'First year' },
    });

    const deleted = await oneRow(200, () => send('DELETE', `/api/admin/categories/${categoryId}`));
    expect(deleted).toMatchObject({
      action: 'category.delete',
      entityId: categoryId,
      before: { name: 'Best New Act' },
      after: null,
    });
  });

  it('records an artist with its nominations: created, edited, deleted, restored', async () => {
    const first = await createCategory(t.app.ctx.db, { name: 'Album' });
    const second = await createCategory(t.app.ctx.db, { name: 'Song' });
    const form = {
      name: 'Aya',
      bio: 'Singer',
      isFeatured: false,
      nominations: [{ categoryId: first.id, nominationTitle: 'First Album' }],
    };
    const created = await oneRow(201, () => send('POST', '/api/admin/artists', form));
    const artistId = created.entityId!;
    expect(created).toMatchObject({
      action: 'artist.create',
      entityType: 'artist',
      before: null,
      after: {
        name: 'Aya',
        bio: 'Singer',
        isFeatured: false,
        nominations: [
          { categoryId: first.id, categoryName: 'Album', nominationTitle: 'First Album' },
        ],
      },
    });

    const edited = await oneRow(200, () =>
      send('PUT', `/api/admin/artists/${artistId}`, {
        ...form,
        isFeatured: true,
        nominations: [{ categoryId: second.id, nominationTitle: 'Hit' }],
      }),
    );
    expect(edited).toMatchObject({
      action: 'artist.update',
      entityId: artistId,
      before: { isFeatured: false, nominations: [{ categoryId: first.id }] },
      after: { isFeatured: true, nominations: [{ categoryId: second.id, nominationTitle: 'Hit' }] },
    });
    expect(edited.after).toMatchObject({ nominations: { length: 1 } });

    const deleted = await oneRow(200, () => send('DELETE', `/api/admin/artists/${artistId}`));
    expect(deleted).toMatchObject({
      action: 'artist.delete',
      before: { isFeatured: true, nominations: [{ categoryId: second.id }] },
      after: null,
    });

    const hidden = (deleted.before as { nominations: Array<{ id: string }> }).nominations;
    const restored = await oneRow(200, () =>
      send('POST', `/api/admin/artists/${artistId}/restore`, {
        nominationIds: hidden.map((n) => n.id),
      }),
    );
    expect(restored).toMatchObject({
      action: 'artist.restore',
      before: null,
      after: { name: 'Aya', nominations: [{ categoryId: second.id }] },
    });

    // A repeated Undo changes nothing, and says so: the same value on both sides.
    const again = await oneRow(200, () =>
      send('POST', `/api/admin/artists/${artistId}/restore`, { nominationIds: [] }),
    );
    expect(again.before).toEqual(again.after);
  });

  it('records a manual Campay check with what it found', async () => {
    const row = await oneRow(200, () => send('POST', '/api/admin/check-campay-payments'));
    expect(row).toMatchObject({
      action: 'payments.check-campay',
      entityType: 'payment',
      entityId: null,
      before: null,
      after: { checked: expect.any(Number), updated: expect.any(Number) },
    });
  });

  it('leaves no row for a refused request', async () => {
    const category = await createCategory(t.app.ctx.db);
    const { artist } = await createNominee(t.app.ctx.db, { categoryIds: [category.id] });
    const unknown = '6f1c1f8e-1d2b-4c3a-9f00-000000000000';
    const visitor = (await signedInUser(t.app.ctx.db)).headers;
    const refusals: Array<[number, () => Promise<Answer>]> = [
      [400, () => send('POST', '/api/admin/categories', { name: '' })],
      [400, () => send('PUT', `/api/admin/categories/${category.id}`, { name: 'a\u0000b' })],
      [404, () => send('PUT', `/api/admin/categories/${unknown}`, { name: 'Nobody' })],
      [404, () => send('DELETE', `/api/admin/categories/${unknown}`)],
      [400, () => send('DELETE', '/api/admin/categories/not-an-id')],
      [400, () => send('POST', '/api/admin/artists', { name: 'No nominations' })],
      // Passes the schema, refused inside the transaction: the audit insert is never reached.
      [
        400,
        () =>
          send('PUT', `/api/admin/artists/${artist.id}`, {
            name: 'Gone',
            nominations: [{ categoryId: unknown }],
          }),
      ],
      [
        404,
        () =>
          send('PUT', `/api/admin/artists/${unknown}`, {
            name: 'x',
            nominations: [{ categoryId: category.id }],
          }),
      ],
      [404, () => send('DELETE', `/api/admin/artists/${unknown}`)],
      [404, () => send('POST', `/api/admin/artists/${unknown}/restore`, { nominationIds: [] })],
      [400, () => send('POST', `/api/admin/artists/${artist.id}/restore`, { nominationIds: 3 })],
      [401, () => call(t.app, { method: 'POST', url: '/api/admin/check-campay-payments' })],
      [
        403,
        () =>
          call(t.app, {
            method: 'DELETE',
            url: `/api/admin/categories/${category.id}`,
            headers: visitor,
          }),
      ],
    ];
    for (const [status, request] of refusals) {
      const [answer, rows] = await rowsLeftBy(request);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(rows).toEqual([]);
    }
  });
});

describeEachDatabase('the audit log table', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await recordAudit(t.app.ctx.db, SYSTEM_ACTOR, {
      action: 'category.create',
      entityType: 'category',
      after: { name: 'Kept' },
    });
  });
  afterAll(() => t.close());

  describe('is append-only', () => {
    for (const [what, statement] of [
      ['UPDATE', sql`UPDATE audit_log SET reason = 'rewritten'`],
      ['DELETE', sql`DELETE FROM audit_log`],
      ['TRUNCATE', sql`TRUNCATE audit_log`],
    ] as const) {
      it(`refuses ${what} with insufficient_privilege`, async () => {
        const error = await t.app.ctx.db.execute(statement).then(
          () => null,
          (refused: unknown) => refused,
        );
        expect(sqlStateOf(error)).toBe('42501');
        const rows = await t.app.ctx.db.select().from(auditLog);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ reason: null, after: { name: 'Kept' } });
      });
    }
  });
});
