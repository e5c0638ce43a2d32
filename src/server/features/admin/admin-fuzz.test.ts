import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { describeEachDatabase } from '../../../../test/support/test-database.js';
import { signedInUser } from '../../../../test/factories/user-factory.js';
import { createCategory, createNominee } from '../../../../test/factories/catalog-factory.js';
import { catalogueFingerprint } from '../../../../test/factories/admin-request.js';

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
  '😀'.repeat(300),
  'NaN',
  '6f1c1f8e-1d2b-4c3a-9f00-000000000000',
  '#3B82F6',
  'red;',
];

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
      const payload =
        raw === 0 ? '{"name": "x",' : raw === 1 ? '' : (JSON.stringify(body) ?? 'null');
      const type = rand.int(12) === 0 ? 'application/x-www-form-urlencoded' : 'application/json';
      const response = await t.app.inject({
        method,
        url,
        headers: method === 'DELETE' ? headers : { ...headers, 'content-type': type },
        ...(method === 'DELETE' ? {} : { payload }),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const context = `${method} ${url} ${payload.slice(0, 200)}`;
      expect(response.statusCode, context).toBeLessThan(500);
      expect(
        typeof response.json().message === 'string' || response.statusCode < 300,
        context,
      ).toBe(true);
      const now = await catalogueFingerprint(t.app);
      if (response.statusCode >= 400) expect(now, context).toBe(fingerprint);
      fingerprint = now;
    }
    // The run must exercise refusals, not only one kind of answer.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
  }, 120_000);
});
