import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.js';
import { auditLogResponseSchema, type AuditLogResponse } from '#shared/schemas/audit.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createAuditEntries } from '#test/factories/audit-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';
import { currentEdition } from '#test/factories/event-factory.js';

type NewAuditRow = typeof auditLog.$inferInsert;

/** Small seeded generator, so a failure reproduces. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

const at = (iso: string) => new Date(iso);

/**
 * Four changes around a day boundary: 22:30 and 23:30 UTC on 1 March are 23:30 on the 1st and
 * 00:30 on the 2nd in Lagos (UTC+1).
 */
const FIXED: NewAuditRow[] = [
  {
    at: at('2026-03-01T22:30:00Z'),
    actorEmail: 'alice@example.com',
    action: 'category.create',
    entityType: 'category',
    entityId: 'c1',
    after: { name: 'Album' },
  },
  {
    at: at('2026-03-01T23:30:00Z'),
    actorEmail: 'Bob@Example.com',
    action: 'artist.update',
    entityType: 'artist',
    entityId: 'a1',
    before: { name: 'Aya', bio: 'says "hi", twice' },
    after: { name: 'Aya B', bio: 'says "hi", twice' },
  },
  {
    at: at('2026-03-02T12:00:00Z'),
    actorEmail: null,
    action: 'payments.check-campay',
    entityType: 'payment',
    after: { checked: 3, updated: 1 },
  },
  {
    at: at('2026-03-03T09:00:00Z'),
    actorEmail: '=cmd|calc@example.com',
    action: 'artist.delete',
    entityType: 'artist',
    entityId: 'a1',
    before: { name: 'Aya B' },
    reason: 'Duplicate entry',
  },
];

describeEachDatabase('audit log routes', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const get = <T = AuditLogResponse>(url: string) => call<T>(t.app, { url, headers });
  /** The entity ids of a page, to compare orders at a glance. */
  const list = async (query: string) => {
    const res = await get(`/api/admin/audit-log?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const actions = async (query: string) => (await list(query)).entries.map((e) => e.action);

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
    await t.app.ctx.db.insert(auditLog).values(FIXED);
    // A busy day elsewhere, for paging: 25 edits a minute apart.
    await t.app.ctx.db.insert(auditLog).values(
      Array.from({ length: 25 }, (_, i) => ({
        at: new Date(Date.UTC(2026, 3, 10, 10, i)),
        actorEmail: 'pager@example.com',
        action: 'category.update',
        entityType: 'category',
        entityId: `p${i}`,
      })),
    );
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const visitor = (await signedInUser(t.app.ctx.db)).headers;
    for (const url of ['/api/admin/audit-log', '/api/admin/audit-log/export']) {
      expect((await call(t.app, { url })).status, url).toBe(401);
      expect((await call(t.app, { url, headers: visitor })).status, url).toBe(403);
    }
  });

  it('answers entries newest first, in the declared shape', async () => {
    const body = await list('action=all&from=2026-03-01&to=2026-03-31&tz=UTC');
    expect(auditLogResponseSchema.parse(body)).toEqual(body);
    expect(body.total).toBe(4);
    expect(body.entries.map((e) => e.at)).toEqual([
      '2026-03-03T09:00:00.000Z',
      '2026-03-02T12:00:00.000Z',
      '2026-03-01T23:30:00.000Z',
      '2026-03-01T22:30:00.000Z',
    ]);
    expect(body.entries[0]).toMatchObject({
      actor: '=cmd|calc@example.com',
      action: 'artist.delete',
      entityType: 'artist',
      entityId: 'a1',
      before: { name: 'Aya B' },
      after: null,
      reason: 'Duplicate entry',
    });
    expect(body.entries[1]).toMatchObject({ actor: null, entityId: null, before: null });
    expect((await list('')).total).toBe(29);
  });

  it('pages through the filtered set without gaps or repeats', async () => {
    const query = 'from=2026-04-10&to=2026-04-10&tz=UTC&pageSize=20';
    const first = await list(`${query}&page=1`);
    const second = await list(`${query}&page=2`);
    const third = await list(`${query}&page=3`);
    expect([first.total, second.total]).toEqual([25, 25]);
    expect([first.entries.length, second.entries.length, third.entries.length]).toEqual([20, 5, 0]);
    expect(second).toMatchObject({ page: 2, pageSize: 20 });
    const ids = [...first.entries, ...second.entries].map((e) => e.entityId);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => `p${24 - i}`));
  });

  it('filters by action, by any part of the actor e-mail (case ignored) and by local day', async () => {
    expect(await actions('action=artist.update')).toEqual(['artist.update']);
    expect(await actions('actor=ALICE')).toEqual(['category.create']);
    expect(await actions('actor=example.com&from=2026-03-01&to=2026-03-31')).toEqual([
      'artist.delete',
      'artist.update',
      'category.create',
    ]);
    expect(await actions('actor=bob%40example.com')).toEqual(['artist.update']);
    // LIKE's wildcards are taken as typed.
    expect((await list('actor=%25')).total).toBe(0);
    expect((await list('actor=_')).total).toBe(0);
    // The system's rows have no e-mail: an actor filter never matches them.
    expect((await list('actor=system')).total).toBe(0);

    // 2 March in Lagos starts at 23:00 UTC on the 1st; in UTC at midnight.
    expect(await actions('from=2026-03-02&to=2026-03-02&tz=Africa/Lagos')).toEqual([
      'payments.check-campay',
      'artist.update',
    ]);
    expect(await actions('from=2026-03-02&to=2026-03-02&tz=UTC')).toEqual([
      'payments.check-campay',
    ]);
    expect(await actions('to=2026-03-01&tz=UTC')).toEqual(['artist.update', 'category.create']);
    expect(await actions('from=2026-03-03&to=2026-03-09&action=artist.delete')).toEqual([
      'artist.delete',
    ]);
  });

  it('refuses a filter it does not know with a 400 that names it', async () => {
    for (const [query, says] of [
      ['action=artist.rename', /action/],
      ['pageSize=7', /pageSize: must be one of 20, 50, 100/],
      ['page=0', /page/],
      ['from=yesterday', /from: must be a date/],
      ['tz=Nowhere/Town', /tz: must be an IANA time zone/],
      ['from=2026-03-05&to=2026-03-01', /from must not be after to/],
      ['bogus=1', /bogus/],
      // Worded like every other refused control character, without zod's path.
      ['actor=a%00b', /^The text contains characters that are not allowed/],
      [`actor=${'a'.repeat(321)}`, /actor is too long/],
    ] as const) {
      for (const path of ['/api/admin/audit-log', '/api/admin/audit-log/export']) {
        const res = await get<{ message: string }>(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.body.message, query).toMatch(says);
        if (!query.includes('%00')) {
          expect(res.body.message, query).toMatch(/^Invalid audit log filters: /);
        }
      }
    }
  });

  it('exports the filtered set as CSV, escaped, formulas neutralised, dates in the zone', async () => {
    const res = await get<string>(
      '/api/admin/audit-log/export?from=2026-03-01&to=2026-03-31&tz=Africa/Lagos',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'ID,At,Actor,Action,Entity Type,Entity ID,Changed Fields,Before,After,Reason',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(
      /^\d+,2026-03-03T10:00:00\+01:00,'=cmd\|calc@example\.com,artist\.delete,artist,a1,name,"\{""name"":""Aya B""\}",,Duplicate entry$/,
    );
    expect(rows[1]).toMatch(/,system,payments\.check-campay,payment,,checked updated,,/);
    expect(rows[2]).toContain(',Bob@Example.com,artist.update,artist,a1,name,');
    expect(rows[2]).toContain('""bio"":""says \\""hi\\"", twice""');
    expect(rows[3]).toMatch(/^\d+,2026-03-01T23:30:00\+01:00,alice@example\.com,/);

    const filtered = await get<string>('/api/admin/audit-log/export?action=category.update');
    expect(filtered.body.split('\r\n').slice(1, -1)).toHaveLength(25);
  });

  it('never answers 500 to a random query string', async () => {
    const rand = generator(kind === 'pglite' ? 4401 : 4402);
    const KEYS = [
      'action',
      'actor',
      'from',
      'to',
      'tz',
      'page',
      'pageSize',
      'search',
      '__proto__',
      'constructor',
      'action[]',
      'actor[0]',
    ];
    const VALUES = [
      '',
      'all',
      'artist.update',
      'payments.check-campay',
      'ARTIST.UPDATE',
      'alice',
      '%',
      '%25',
      '_',
      '\\',
      "'; DROP TABLE audit_log; --",
      '%00',
      '%E2%80%AE',
      '%C3%28',
      '%F0%9F%98%80',
      '2026-03-01',
      '2026-02-30',
      '9999-12-31',
      '0000-01-01',
      '2026-3-1',
      'UTC',
      'Africa/Lagos',
      'Etc/GMT+14',
      'Nowhere/Town',
      '1',
      '0',
      '-1',
      '2',
      '20',
      '100',
      '1e3',
      '1000001',
      'NaN',
      'Infinity',
      'x'.repeat(400),
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const pairs = Array.from(
        { length: rand.int(5) },
        () => `${rand.pick(KEYS)}=${rand.pick(VALUES)}`,
      );
      const path = rand.next() < 0.7 ? '/api/admin/audit-log' : '/api/admin/audit-log/export';
      const url = `${path}?${pairs.join('&')}`;
      const res = await get<unknown>(url);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, url).toBeLessThan(500);
      if (res.status >= 400) {
        expect(res.body, url).toMatchObject({ message: expect.any(String) });
      } else if (path === '/api/admin/audit-log') {
        expect(auditLogResponseSchema.safeParse(res.body).success, url).toBe(true);
      } else {
        expect(res.headers['content-type'], url).toMatch(/^text\/csv/);
      }
    }
    expect(statuses.get(200) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
  }, 120_000);
});

describeEachDatabase('audit log routes per edition', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const ids = (body: AuditLogResponse) => body.entries.map((e) => e.entityId);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.app.ctx.db;
    headers = (await signedInUser(db, { isAdmin: true })).headers;
    const now = await currentEdition(db);
    const past = await createEdition(db, { slug: 'past-2025' });
    const entry = (entityId: string, editionId: number | null, minute: number) => ({
      at: new Date(Date.UTC(2026, 4, 1, 10, minute)),
      actorEmail: 'organiser@example.com',
      action: 'category.update',
      entityType: editionId === null ? 'artist' : 'category',
      entityId,
      editionId,
    });
    await createAuditEntries(db, [
      entry('now-category', now, 1),
      entry('past-category', past.id, 2),
      entry('shared-artist', null, 3),
    ]);
  });
  afterAll(() => t.close());

  it("lists each edition's entries with the shared ones, and exports the same", async () => {
    for (const [query, expected] of [
      ['', ['shared-artist', 'now-category']],
      ['&edition=past-2025', ['shared-artist', 'past-category']],
    ] as const) {
      const res = await call<AuditLogResponse>(t.app, {
        url: `/api/admin/audit-log?tz=UTC${query}`,
        headers,
      });
      expect(res.status, query).toBe(200);
      expect(ids(res.body), query).toEqual(expected);
      expect(res.body.total, query).toBe(2);
      const csv = await call<string>(t.app, {
        url: `/api/admin/audit-log/export?tz=UTC${query}`,
        headers,
      });
      expect(csv.status, query).toBe(200);
      const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n').slice(1);
      expect(
        lines.map((line) => line.split(',')[5]),
        query,
      ).toEqual(expected);
    }
  });

  it('answers 404 for an unknown edition and 400 for a malformed one', async () => {
    for (const url of ['/api/admin/audit-log', '/api/admin/audit-log/export']) {
      expect((await call(t.app, { url: `${url}?edition=1999`, headers })).status, url).toBe(404);
      expect((await call(t.app, { url: `${url}?edition=Not_A_Slug`, headers })).status, url).toBe(
        400,
      );
    }
  });
});

describeEachDatabase('audit log pages per edition', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let pastId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.app.ctx.db;
    headers = (await signedInUser(db, { isAdmin: true })).headers;
    const now = await currentEdition(db);
    pastId = (await createEdition(db, { slug: 'past-2025' })).id;
    // A minute apart: the current edition's on even minutes, the shared ones on odd minutes, and
    // the past edition's at the same times as the current one's.
    const entry = (minute: number, editionId: number | null) => ({
      at: new Date(Date.UTC(2026, 4, 2, 10, minute)),
      actorEmail: 'organiser@example.com',
      action: 'category.update',
      entityType: editionId === null ? 'artist' : 'category',
      entityId: `${editionId ?? 'shared'}-${minute}`,
      editionId,
    });
    await createAuditEntries(db, [
      ...Array.from({ length: 15 }, (_, i) => entry(2 * i, now)),
      ...Array.from({ length: 15 }, (_, i) => entry(2 * i + 1, null)),
      ...Array.from({ length: 15 }, (_, i) => entry(2 * i, pastId)),
    ]);
  });
  afterAll(() => t.close());

  it("pages the edition's entries and the shared ones as one list, newest first", async () => {
    const page = async (n: number) =>
      (
        await call<AuditLogResponse>(t.app, {
          url: `/api/admin/audit-log?tz=UTC&pageSize=20&page=${n}`,
          headers,
        })
      ).body;
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.total)).toEqual([30, 30, 30]);
    expect(pages.map((p) => p.entries.length)).toEqual([20, 10, 0]);
    const minutes = pages.flatMap((p) => p.entries.map((e) => new Date(e.at).getUTCMinutes()));
    expect(minutes).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    const entities = pages.flatMap((p) => p.entries.map((e) => e.entityId));
    expect(entities.some((id) => id?.startsWith(`${pastId}-`))).toBe(false);
  });
});
