import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { artists, categories } from '#server/db/schema.js';
import { adminArtistDetailSchema, adminCategorySchema } from '#shared/schemas/admin.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { describeEachDatabase } from '#test/support/test-database.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createCategory } from '#test/factories/catalog-factory.js';
import { call } from '#test/support/call-app.js';
import {
  fakeFrench,
  startFakeLibreTranslate,
  type FakeLibreTranslate,
} from '#test/fakes/libretranslate-server.js';
import { DeepLTranslator } from './deepl-translator.js';
import { mergeFrench } from './french-fields.js';

describeEachDatabase('machine translation of French fields', (kind) => {
  let fake: FakeLibreTranslate;
  let t: TestApp;
  let headers: Record<string, string>;
  const admin = (method: 'POST' | 'PUT', url: string, json: unknown) =>
    call<{ id: string } & Record<string, unknown>>(t.app, { method, url, headers, json });
  const idle = () => t.app.ctx.translation.idle();

  beforeAll(async () => {
    fake = await startFakeLibreTranslate({ apiKey: 'lt-key' });
    t = await createTestApp(kind, {
      TRANSLATE_PROVIDER: 'libretranslate',
      LIBRETRANSLATE_URL: fake.url,
      LIBRETRANSLATE_API_KEY: 'lt-key',
      TRANSLATE_TIMEOUT_MS: '2500',
    });
    headers = (await signedInUser(t.app.ctx.db, { isAdmin: true })).headers;
  });
  beforeEach(async () => {
    await idle();
    fake.mode = 'ok';
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('fills empty French on create, through the LibreTranslate API', async () => {
    const response = await admin('POST', '/api/admin/categories', {
      name: 'Best Collaboration',
      description: 'Two artists, one song',
    });
    expect(response.status).toBe(201);
    expect(adminCategorySchema.parse(response.body)).toMatchObject({
      nameFr: fakeFrench('Best Collaboration'),
      descriptionFr: fakeFrench('Two artists, one song'),
      missingFrench: [],
      machineTranslated: ['nameFr', 'descriptionFr'],
    });
    expect(fake.requests).toEqual([
      {
        q: ['Best Collaboration', 'Two artists, one song'],
        source: 'en',
        target: 'fr',
        format: 'text',
        apiKey: 'lt-key',
      },
    ]);
    const [listed] = (
      await call<Array<{ nameFr: string }>>(t.app, { method: 'GET', url: '/api/categories' })
    ).body.filter((c) => c.nameFr === fakeFrench('Best Collaboration'));
    expect(listed).toBeDefined();
  });

  it("never overwrites an admin's own French, and re-translates machine French when the English changes", async () => {
    const created = adminCategorySchema.parse(
      (
        await admin('POST', '/api/admin/categories', {
          name: 'Best Dancer',
          nameFr: 'Meilleur danseur',
          description: 'Moves',
        })
      ).body,
    );
    expect(created.nameFr).toBe('Meilleur danseur');
    expect(created.machineTranslated).toEqual(['descriptionFr']);

    // English changes, French fields sent back as loaded.
    const edited = adminCategorySchema.parse(
      (
        await admin('PUT', `/api/admin/categories/${created.id}`, {
          name: 'Best Dance Act',
          nameFr: created.nameFr,
          description: 'Moves and grooves',
          descriptionFr: created.descriptionFr,
        })
      ).body,
    );
    expect(edited.nameFr).toBe('Meilleur danseur');
    expect(edited.descriptionFr).toBe(fakeFrench('Moves and grooves'));

    // The admin corrects the machine French: from now on it is theirs.
    const corrected = adminCategorySchema.parse(
      (
        await admin('PUT', `/api/admin/categories/${created.id}`, {
          name: 'Best Dance Act',
          nameFr: 'Meilleur danseur',
          description: 'Moves and grooves',
          descriptionFr: 'Des pas et du groove',
        })
      ).body,
    );
    expect(corrected.machineTranslated).toEqual([]);
    const later = adminCategorySchema.parse(
      (
        await admin('PUT', `/api/admin/categories/${created.id}`, {
          name: 'Best Dance Act',
          nameFr: 'Meilleur danseur',
          description: 'Moves, grooves and more',
          descriptionFr: 'Des pas et du groove',
        })
      ).body,
    );
    expect(later.descriptionFr).toBe('Des pas et du groove');
  });

  it('translates an artist bio and nominations, never the artist name', async () => {
    const category = await createCategory(t.app.ctx.db, { name: 'Album' });
    const response = await admin('POST', '/api/admin/artists', {
      name: 'Burna Kid',
      bio: 'Afro-fusion star',
      nominations: [
        {
          categoryId: category.id,
          nominationTitle: 'Night Drive',
          nominationDescription: 'An album',
        },
      ],
    });
    const artist = adminArtistDetailSchema.parse(response.body);
    expect(artist).toMatchObject({ bioFr: fakeFrench('Afro-fusion star'), missingFrench: [] });
    expect(artist.nominations[0]).toMatchObject({
      nominationTitleFr: fakeFrench('Night Drive'),
      nominationDescriptionFr: fakeFrench('An album'),
      missingFrench: [],
    });
    const [row] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(row!.nameFr).toBeNull();
  });

  it('saves anyway when the provider fails, and says which French is missing', async () => {
    fake.mode = 'error';
    const response = await admin('POST', '/api/admin/categories', { name: 'Best Producer' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ nameFr: null, missingFrench: ['nameFr'] });
    await idle();
    const [row] = await t.app.ctx.db
      .select()
      .from(categories)
      .where(eq(categories.id, response.body.id));
    expect(row).toMatchObject({ name: 'Best Producer', nameFr: null });
    // A later save retries the missing French.
    fake.mode = 'ok';
    const retried = await admin('PUT', `/api/admin/categories/${row!.id}`, {
      name: 'Best Producer',
    });
    expect(retried.body.nameFr).toBe(fakeFrench('Best Producer'));
  });

  it('answers without waiting for a slow provider and fills the French when it answers', async () => {
    fake.mode = 'slow';
    fake.delayMs = 2000;
    const started = Date.now();
    const response = await admin('POST', '/api/admin/categories', { name: 'Best DJ' });
    expect(Date.now() - started).toBeLessThan(1900);
    expect(response.body.missingFrench).toEqual(['nameFr']);
    await idle();
    const [row] = await t.app.ctx.db
      .select()
      .from(categories)
      .where(eq(categories.id, response.body.id));
    expect(row!.nameFr).toBe(fakeFrench('Best DJ'));
  });

  it('abandons a provider slower than TRANSLATE_TIMEOUT_MS, and a meanwhile admin edit wins', async () => {
    fake.mode = 'slow';
    fake.delayMs = 4000;
    const response = await admin('POST', '/api/admin/categories', { name: 'Best Band' });
    expect(response.status).toBe(201);
    await idle();
    const [row] = await t.app.ctx.db
      .select()
      .from(categories)
      .where(eq(categories.id, response.body.id));
    expect(row!.nameFr).toBeNull();

    fake.delayMs = 1800;
    const second = await admin('POST', '/api/admin/categories', { name: 'Best Choir' });
    const id = second.body.id as string;
    await admin('PUT', `/api/admin/categories/${id}`, {
      name: 'Best Choir',
      nameFr: 'Meilleure chorale',
    });
    await idle();
    const [kept] = await t.app.ctx.db.select().from(categories).where(eq(categories.id, id));
    expect(kept).toMatchObject({ nameFr: 'Meilleure chorale', machineTranslated: [] });
  });
});

describe('French bookkeeping', () => {
  it('decides what a save keeps', () => {
    expect(mergeFrench(null, { english: 'A', french: null })).toEqual({
      french: null,
      machine: false,
    });
    const machine = { english: 'A', french: 'fr A', machine: true };
    expect(mergeFrench(machine, { english: 'A', french: 'fr A' })).toEqual({
      french: 'fr A',
      machine: true,
    });
    expect(mergeFrench(machine, { english: 'B', french: 'fr A' })).toEqual({
      french: null,
      machine: false,
    });
    expect(mergeFrench(machine, { english: 'B', french: 'mine' })).toEqual({
      french: 'mine',
      machine: false,
    });
    const admin = { english: 'A', french: 'mine', machine: false };
    expect(mergeFrench(admin, { english: 'B', french: 'mine' })).toEqual({
      french: 'mine',
      machine: false,
    });
    expect(mergeFrench(admin, { english: 'A', french: null })).toEqual({
      french: null,
      machine: false,
    });
  });
});

describe('DeepL provider', () => {
  it('translates through the DeepL API with the official client', async () => {
    const seen: Array<{ auth: string | undefined; body: string }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        seen.push({ auth: req.headers.authorization, body });
        const texts = new URLSearchParams(body).getAll('text');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            translations: texts.map((text) => ({
              detected_source_language: 'EN',
              text: `deepl:${text}`,
              billed_characters: text.length,
            })),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const translator = new DeepLTranslator('deepl-key:fx', url, 5000);
      const out = await translator.translate(['Hello', 'World'], AbortSignal.timeout(5000));
      expect(out).toEqual(['deepl:Hello', 'deepl:World']);
      expect(seen[0]!.auth).toBe('DeepL-Auth-Key deepl-key:fx');
      const params = new URLSearchParams(seen[0]!.body);
      expect(params.get('source_lang')?.toLowerCase()).toBe('en');
      expect(params.get('target_lang')?.toLowerCase()).toBe('fr');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
