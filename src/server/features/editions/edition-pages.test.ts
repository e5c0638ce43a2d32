import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Category, PublicNomination, ShareLookup } from '#shared/schemas/catalog.js';
import type { PublicEvent } from '#shared/schemas/event.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createEdition } from '#test/factories/edition-factory.js';

import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { publishResults } from '#server/features/event/event-store.js';
import { SYSTEM_ACTOR } from '#server/features/audit/record-audit.js';

const PAGE =
  '<!doctype html><html lang="en"><head><title>Palmarès</title></head><body><div id="root"></div></body></html>';

/**
 * An edition's own pages and answers (`/e/{slug}/...`, `?edition=`) beside the current edition's,
 * and the links shared while an edition was current, once another one is.
 */
describeEachDatabase('an edition other than the current one', (kind) => {
  let t: TestApp;
  let clientDir: string;
  let current: { category: Category['id']; link: string };
  let past: {
    slug: string;
    category: string;
    link: string;
    nominationId: string;
    artistName: string;
  };
  let upcomingSlug: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'palmares-editions-'));
    await writeFile(path.join(clientDir, 'index.html'), PAGE);
    t = await createTestApp(kind, {}, { clientDir });
    const { db } = t.database;
    const nowCategory = await createCategory(db);
    const nowNominee = await createNominee(db, { categoryIds: [nowCategory.id] });
    current = { category: nowCategory.id, link: nowNominee.nominations[0]!.shareableLink };

    // A past edition: its voting over, its results published with their ledger.
    const edition = await createEdition(db, {
      name: 'Awards 2025',
      nameFr: 'Prix 2025',
      votingOpensAt: new Date('2025-01-01T00:00:00Z'),
      votingClosesAt: new Date('2025-02-01T00:00:00Z'),
    });
    const category = await createCategory(db, { editionId: edition.id, name: 'Song of 2025' });
    const nominee = await createNominee(db, { categoryIds: [category.id] });
    const nomination = nominee.nominations[0]!;
    await createCompletedPayment(db, {
      votes: [{ nominationId: nomination.id, voteCount: 4 }],
      payment: { editionId: edition.id },
    });
    await publishResults(db, SYSTEM_ACTOR, edition.id);
    past = {
      slug: edition.slug,
      category: category.id,
      link: nomination.shareableLink,
      nominationId: nomination.id,
      artistName: nominee.artist.name,
    };
    // Another one made for next year, not current, no window yet.
    upcomingSlug = (await createEdition(db)).slug;
    t.app.ctx.events.emit('catalog-changed');
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = <T>(url: string, language = 'en') =>
    call<T>(t.app, { method: 'GET', url, headers: { 'accept-language': language } });

  it("answers the edition's catalogue with ?edition=, and only the current one's without", async () => {
    const list = await get<Category[]>(`/api/categories?edition=${past.slug}`);
    expect(list.status).toBe(200);
    expect(list.body.map((c) => c.id)).toEqual([past.category]);
    const plain = await get<Category[]>('/api/categories');
    expect(plain.body.map((c) => c.id)).toContain(current.category);
    expect(plain.body.map((c) => c.id)).not.toContain(past.category);

    expect((await get(`/api/categories/${past.category}`)).status).toBe(404);
    const one = await get<Category>(`/api/categories/${past.category}?edition=${past.slug}`);
    expect(one.body.name).toBe('Song of 2025');
    const nominees = await get<PublicNomination[]>(
      `/api/nominations/category/${past.category}?edition=${past.slug}`,
    );
    // Results published: the counts show.
    expect(nominees.body.map((n) => [n.id, n.voteCount])).toEqual([[past.nominationId, 4]]);
    const shared = await get<ShareLookup>(
      `/api/nominations/share/${past.link}?edition=${past.slug}`,
    );
    expect(shared.body.nominationId).toBe(past.nominationId);
  });

  it('refuses a slug no edition has with a 404 in the visitor’s language, and a malformed one with a 400', async () => {
    const missing = await get<{ message: string }>('/api/categories?edition=no-such-year', 'fr');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Cette édition n'existe pas.");
    expect((await get('/api/event?edition=no-such-year')).status).toBe(404);
    expect((await get('/api/categories?edition=Not%20A%20Slug')).status).toBe(400);
  });

  it('says a past edition is closed and not current, and one not yet current is not open', async () => {
    const then = await get<PublicEvent>(`/api/event?edition=${past.slug}`);
    expect(then.body).toMatchObject({ isCurrent: false, status: 'closed', countsVisible: true });
    const next = await get<PublicEvent>(`/api/event?edition=${upcomingSlug}`);
    // No window and not current: it is not open, whatever the empty window would say.
    expect(next.body).toMatchObject({ isCurrent: false, status: 'upcoming' });
    const now = await get<PublicEvent>('/api/event');
    expect(now.body.isCurrent).toBe(true);
  });

  it('sends a link shared while the edition was current to its own address, keeping the query', async () => {
    const share = await get(`/share/${past.link}?utm=wa`);
    expect(share.status).toBe(302);
    expect(share.headers.location).toBe(`/e/${past.slug}/share/${past.link}?utm=wa`);
    const category = await get(`/category/${past.category}`);
    expect(category.status).toBe(302);
    expect(category.headers.location).toBe(`/e/${past.slug}/category/${past.category}`);
    // The current edition's links stay where they are, and so does a link no edition has.
    expect((await get(`/share/${current.link}`)).status).toBe(200);
    expect((await get(`/category/${current.category}`)).status).toBe(200);
    expect((await get('/share/no-such-link-here')).status).toBe(200);
  });

  it("sends the current edition's own address to the plain one, and leaves another's", async () => {
    const slug = (await get<PublicEvent>('/api/event')).body.slug;
    const moved = await get(`/e/${slug}/checkout?artist=1`);
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe('/checkout?artist=1');
    expect((await get(`/e/${past.slug}/categories`)).status).toBe(200);
    expect((await get('/e/no-such-year/categories')).status).toBe(200);
  });

  it("previews an edition's pages with its own nominees and winners", async () => {
    const meta = (html: string, property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
    const category = await get<string>(`/e/${past.slug}/category/${past.category}`);
    expect(meta(category.body, 'og:title')).toBe('Song of 2025 · Awards 2025 | Palmarès');
    const share = await get<string>(`/e/${past.slug}/share/${past.link}`);
    expect(meta(share.body, 'og:title')).toBe(
      `${past.artistName} · Song of 2025 · Awards 2025 | Palmarès`,
    );
    const results = await get<string>(`/e/${past.slug}/results`);
    expect(meta(results.body, 'og:title')).toBe('Winners · Awards 2025');
    expect(meta(results.body, 'og:description')).toBe(`Song of 2025: ${past.artistName}`);
    // A slug no edition has: the plain page, no preview and no error.
    const unknown = await get<string>('/e/no-such-year/results');
    expect(unknown.status).toBe(200);
    expect(meta(unknown.body, 'og:title')).toBeUndefined();
  });
});
