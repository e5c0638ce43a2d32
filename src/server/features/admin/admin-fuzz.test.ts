import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { catalogueFingerprint } from '#test/factories/catalogue-fingerprint.js';

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

const FIELDS = [
  'name',
  'nameFr',
  'description',
  'descriptionFr',
  'icon',
  'backgroundImageUrl',
  'backgroundColor',
  'bio',
  'bioFr',
  'photoUrl',
  'isFeatured',
  'nominations',
  'categoryId',
  'nominationTitle',
  'nominationTitleFr',
  'nominationPhotoUrl',
  'nominationDescription',
  'nominationDescriptionFr',
  '__proto__',
  'constructor',
  'id',
  'isActive',
  'isAdmin',
] as const;
const STRINGS = [
  '',
  ' ',
  'x'.repeat(256),
  'y'.repeat(6000),
  "'; DROP TABLE artists; --",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '//evil.example/a.png',
  'https://ok.example/a.png',
  '/demo/a.jpg',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  'bell\u0007',
  'tab\tand\nline',
  '😀'.repeat(300),
  'NaN',
  '6f1c1f8e-1d2b-4c3a-9f00-000000000000',
  '#3B82F6',
  'red;',
];

/** Invalid UTF-8 (0xC3 starts a two-byte sequence, '(' cannot continue it) inside a JSON text. */
function withBadUtf8(json: string): Buffer {
  const at = Math.max(1, json.indexOf('"', 1) + 1);
  const text = Buffer.from(json);
  return Buffer.concat([text.subarray(0, at), Buffer.from([0xc3, 0x28]), text.subarray(at)]);
}

/** What an admin text field must refuse: NUL, lone surrogates, other control characters, DEL. */
const FORBIDDEN = ['\u0000', '\uD800', '\uDC00', '\u001B[31m', '\u0008', '\u007F'];
const CATEGORY_TEXT = ['name', 'nameFr', 'description', 'descriptionFr'] as const;
const CATEGORY_OTHER = ['icon', 'backgroundImageUrl', 'backgroundColor'] as const;
const ARTIST_TEXT = ['name', 'bio', 'bioFr', 'photoUrl'] as const;
const NOMINATION_TEXT = [
  'nominationTitle',
  'nominationTitleFr',
  'nominationPhotoUrl',
  'nominationDescription',
  'nominationDescriptionFr',
] as const;

/** A value for `field` that is valid but for `bad`, so only the character can be refused. */
const carrying = (field: string, bad: string) =>
  field.endsWith('Url')
    ? `https://img.example/a${bad}.png`
    : field === 'icon'
      ? `fa-solid${bad}`
      : field === 'backgroundColor'
        ? `#fff${bad}`
        : `Fuzz ${bad} text`;

describeEachDatabase('admin routes under random input', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let ids: { artist: string; category: string; categories: string[] };

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
    const category = await createCategory(t.app.ctx.db);
    const { artist } = await createNominee(t.app.ctx.db, { categoryIds: [category.id] });
    ids = { artist: artist.id, category: category.id, categories: [category.id] };
  });
  afterAll(() => t.close());

  it('never answers 500, and a refused request changes nothing', async () => {
    const rand = generator(kind === 'pglite' ? 20250 : 20251);
    const value = (depth: number): unknown => {
      switch (rand.int(depth > 2 ? 6 : 9)) {
        case 0:
          return rand.pick(STRINGS);
        case 1:
          return rand.int(3) ? rand.pick(STRINGS) : rand.next().toString(36);
        case 2:
          return rand.pick([0, -1, 1e308, 3.5, Number.MAX_SAFE_INTEGER]);
        case 3:
          return rand.next() < 0.5;
        case 4:
          return null;
        case 5:
          return rand.pick(ids.categories);
        case 6:
          return Array.from({ length: rand.int(4) }, () => value(depth + 1));
        default: {
          const out: Record<string, unknown> = {};
          for (let i = rand.int(6); i > 0; i--) out[rand.pick(FIELDS)] = value(depth + 1);
          return out;
        }
      }
    };
    /** A plausible form with one or two fields replaced by junk: reaches the deeper checks. */
    const mutated = (): unknown => {
      const base: Record<string, unknown> =
        rand.next() < 0.5
          ? { name: 'Fuzz', nominations: [{ categoryId: rand.pick(ids.categories) }] }
          : { name: 'Fuzz', description: 'd', icon: 'fa-solid fa-star' };
      for (let i = 1 + rand.int(2); i > 0; i--) base[rand.pick(FIELDS)] = value(1);
      return base;
    };
    const targets = () => {
      const id = rand.pick([
        ids.artist,
        ids.category,
        'not-an-id',
        '6f1c1f8e-1d2b-4c3a-9f00-000000000000',
        '%00',
        '..',
      ]);
      return rand.pick([
        ['POST', '/api/admin/artists'],
        ['PUT', `/api/admin/artists/${id}`],
        ['DELETE', `/api/admin/artists/${id}`],
        ['POST', '/api/admin/categories'],
        ['PUT', `/api/admin/categories/${id}`],
        ['DELETE', `/api/admin/categories/${id}`],
      ] as const);
    };

    let fingerprint = await catalogueFingerprint(t.app);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const [method, url] = targets();
      const body = rand.next() < 0.6 ? mutated() : value(0);
      const raw = rand.int(10);
      const json = JSON.stringify(body) ?? 'null';
      const payload =
        raw === 0 ? '{"name": "x",' : raw === 1 ? '' : raw === 2 ? withBadUtf8(json) : json;
      const type = rand.int(12) === 0 ? 'application/x-www-form-urlencoded' : 'application/json';
      const response = await call(t.app, {
        method,
        url,
        headers: method === 'DELETE' ? headers : { ...headers, 'content-type': type },
        ...(method === 'DELETE' ? {} : { body: payload }),
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const context = `${method} ${url} ${payload.toString().slice(0, 200)}`;
      expect(response.status, context).toBeLessThan(500);
      expect(typeof response.body.message === 'string' || response.status < 300, context).toBe(
        true,
      );
      const now = await catalogueFingerprint(t.app);
      if (response.status >= 400) expect(now, context).toBe(fingerprint);
      fingerprint = now;
    }
    // The run must exercise refusals, not only one kind of answer.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
  }, 120_000);

  it('refuses control characters and lone surrogates in every text field (400, nothing changed)', async () => {
    // Its own rows: the random run above may have deleted the shared ones.
    const own = await createCategory(t.app.ctx.db);
    const { artist: ownArtist } = await createNominee(t.app.ctx.db, { categoryIds: [own.id] });
    const category = { name: 'Fuzz', icon: 'fa-solid fa-star' };
    const artist = (nomination: Record<string, unknown> = {}, fields = {}) => ({
      name: 'Fuzz',
      ...fields,
      nominations: [{ categoryId: own.id, ...nomination }],
    });
    const bodies: Array<[string, Record<string, unknown>]> = [];
    for (const bad of FORBIDDEN) {
      for (const field of [...CATEGORY_TEXT, ...CATEGORY_OTHER]) {
        bodies.push(['categories', { ...category, [field]: carrying(field, bad) }]);
      }
      for (const field of ARTIST_TEXT) {
        bodies.push(['artists', artist({}, { [field]: carrying(field, bad) })]);
      }
      for (const field of NOMINATION_TEXT) {
        bodies.push(['artists', artist({ [field]: carrying(field, bad) })]);
      }
    }
    // Line breaks and tabs belong in descriptions and bios only.
    for (const field of ['name', 'nameFr']) {
      bodies.push(['categories', { ...category, [field]: 'Two\nlines' }]);
      bodies.push(['categories', { ...category, [field]: 'A\ttab' }]);
    }
    bodies.push(['artists', artist({ nominationTitle: 'Two\nlines' })]);

    const fingerprint = await catalogueFingerprint(t.app);
    for (const [kind, body] of bodies) {
      const id = kind === 'artists' ? ownArtist.id : own.id;
      for (const [method, url] of [
        ['POST', `/api/admin/${kind}`],
        ['PUT', `/api/admin/${kind}/${id}`],
      ] as const) {
        const response = await call(t.app, {
          method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const context = `${method} ${url} ${JSON.stringify(body)}`;
        expect(response.status, context).toBe(400);
        expect(response.body.message, context).toMatch(/not allowed/);
      }
    }
    expect(await catalogueFingerprint(t.app)).toBe(fingerprint);

    // Descriptions and bios keep their line breaks and tabs.
    const multiline = 'First line\n\tindented second line';
    const saved = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/categories/${own.id}`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...category, description: multiline, descriptionFr: multiline }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ description: multiline, descriptionFr: multiline });
  });

  it('refuses bodies that are not UTF-8 (400, nothing changed)', async () => {
    const fingerprint = await catalogueFingerprint(t.app);
    const bodies = [
      withBadUtf8(JSON.stringify({ name: 'Fuzz' })),
      // A surrogate half encoded as if it were a character (CESU-8): not UTF-8 either.
      Buffer.concat([
        Buffer.from('{"name":"a'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
      Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff]), Buffer.from('"}')]),
    ];
    for (const payload of bodies) {
      for (const [method, url] of [
        ['POST', '/api/admin/categories'],
        ['PUT', `/api/admin/categories/${ids.category}`],
        ['POST', '/api/admin/artists'],
        ['PUT', `/api/admin/artists/${ids.artist}`],
      ] as const) {
        const response = await call(t.app, {
          method,
          url,
          headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
          body: payload,
        });
        expect(response.status, `${method} ${url}`).toBe(400);
        expect(response.body.message).toMatch(/UTF-8/);
      }
    }
    expect(await catalogueFingerprint(t.app)).toBe(fingerprint);
  });

  it('refuses them in the sign-in e-mail and the tracking search, CSV export included', async () => {
    for (const bad of FORBIDDEN) {
      const json = await call(t.app, {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `admin${bad}@example.com`, password: 'whatever-it-is' }),
      });
      expect({ bad, status: json.status }).toEqual({ bad, status: 400 });
      expect(json.body.message).toMatch(/not allowed/);
    }
    const form = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=admin%00%40example.com&password=whatever-it-is',
    });
    expect(form.status).toBe(400);
    expect(form.headers['content-type']).toContain('text/html');
    const badBytes = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: withBadUtf8(JSON.stringify({ email: 'admin@example.com', password: 'x' })),
    });
    expect(badBytes.status).toBe(400);
    expect(badBytes.body.message).toMatch(/UTF-8/);

    for (const search of ['%00', 'a%00b', '%1B', '%7F', 'ab%08']) {
      for (const path of ['/api/voter-tracking', '/api/voter-tracking/export.csv']) {
        const response = await call(t.app, { url: `${path}?search=${search}`, headers });
        const context = `${path}?search=${search}`;
        expect(response.status, context).toBe(400);
        expect(response.headers['content-type'], context).toContain('application/json');
        expect(response.headers['content-disposition'], context).toBeUndefined();
        expect(response.body.message, context).toMatch(/not allowed/);
      }
    }
  });
});
