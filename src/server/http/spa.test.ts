import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import type { PublicEvent, Results } from '#shared/schemas/event.js';
import { createCategory } from '#test/factories/catalog-factory.js';
import { resetEvent } from '#test/factories/event-factory.js';
import { signedInUser } from '#test/factories/user-factory.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';

const SCRIPT = `console.log(${JSON.stringify('palmarès '.repeat(400))});`;

/** A built client as `npm run build` leaves it: hashed assets with their encodings, named files. */
async function writeClient(root: string): Promise<void> {
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await mkdir(path.join(root, 'demo', 'artists'), { recursive: true });
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Palmarès</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>',
  );
  const script = path.join(root, 'assets', 'index-AbC123.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(root, 'assets', 'index-AbC123.css'), 'body{margin:0}');
  for (const language of ['en', 'fr']) {
    await writeFile(path.join(root, 'assets', `texts-${language}-X1_y.js`), 'export {};');
  }
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(root, 'demo', 'artists', 'ada.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
}

describe('the built client', () => {
  let clientDir: string;
  let t: TestApp;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'palmares-client-'));
    await writeClient(clientDir);
    t = await createTestApp('pglite', {}, { clientDir });
    // Everything is read at start: the folder going away (a redeploy replacing dist/) changes
    // nothing for the running process, which proves no request touches the disk.
    await rm(clientDir, { recursive: true, force: true });
  });
  afterAll(() => t.close());

  it('serves a hashed script from memory in the best encoding the phone accepts, cached for a year', async () => {
    const br = await call<string>(t.app, {
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);

    const gzip = await call<string>(t.app, {
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(SCRIPT);

    const plain = await call<string>(t.app, {
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(SCRIPT);
  });

  it('answers a revalidation with 304 and no body when the file is unchanged', async () => {
    const first = await call(t.app, { url: '/assets/index-AbC123.css' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call(t.app, {
      url: '/assets/index-AbC123.css',
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('revalidates files whose names do not change between releases every hour', async () => {
    const favicon = await call(t.app, { url: '/favicon.svg' });
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    const picture = await call(t.app, { url: '/demo/artists/ada.jpg' });
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.bytes).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('gives the page, never cached, for any client route, with HEAD as well', async () => {
    for (const url of ['/', '/categories', '/category/abc?x=1']) {
      const page = await call<string>(t.app, { url });
      expect(page.status, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const head = await call(t.app, { method: 'HEAD', url: '/categories' });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
  });

  it("names a category's hero picture in its page, so the phone fetches it with the script", async () => {
    const { db } = t.database;
    const pictured = await createCategory(db, { backgroundImageUrl: '/demo/categories/a&b.jpg' });
    const plain = await createCategory(db, { backgroundImageUrl: null });
    t.app.ctx.events.emit('catalog-changed');
    const page = await call<string>(t.app, { url: `/category/${pictured.id}` });
    expect(page.body).toContain(
      // Ahead of the script: the picture is what the voter sees first.
      '<link rel="preload" as="image" href="/demo/categories/a&amp;b.jpg" fetchpriority="high"><script type="module"',
    );
    const without = await call<string>(t.app, { url: `/category/${plain.id}` });
    expect(without.body).toContain('og:title');
    expect(without.body).not.toContain('rel="preload"');
  });

  it("puts the page the client's components drew in the page, in the language the voter's script will use", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'palmares-client-'));
    await writeClient(dir);
    const drawn = await createTestApp(
      'pglite',
      {},
      {
        clientDir: dir,
        // The client's drawing (entry-server.tsx, tested in drawn-pages.test.tsx) as the server
        // sees it: markup for some pages, null for the others, and the data that goes with it.
        drawPage: async ({ pathname, search, language }, read) => {
          if (pathname === '/admin') return null;
          const event = await read('/api/event');
          const missing = await read('/api/categories/not-a-uuid');
          return {
            html: `<h1>${language} ${pathname}${search} $& $'</h1>`,
            data: { event: event !== null, missing, text: '</script><script>alert(1)</script>' },
          };
        },
      },
    );
    await rm(dir, { recursive: true, force: true });
    try {
      const root = (html: string) => /<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
      const english = await call<string>(drawn.app, { url: '/category/x?y=1' });
      expect(english.body).toContain('<html lang="en">');
      // Text that String.replace would read as patterns ($&, $') lands as written.
      expect(root(english.body)).toBe("<h1>en /category/x?y=1 $& $'</h1>");
      expect(english.headers.vary).toBe('cookie, accept-language');
      // The data the page was drawn with, in a script element nothing in it can close.
      const data = /<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(
        english.body,
      )?.[1];
      expect(data).not.toContain('</script>');
      expect(JSON.parse(data!)).toEqual({
        event: true,
        missing: null,
        text: '</script><script>alert(1)</script>',
      });

      // The browser's first language, as the script reads navigator.language...
      const browser = await call<string>(drawn.app, {
        url: '/results',
        headers: { 'accept-language': 'fr-CM, en;q=0.8' },
      });
      expect(browser.body).toContain('<html lang="fr">');
      // Its language's texts are fetched with the script, and only that language's.
      expect(browser.body).toContain('<link rel="modulepreload" href="/assets/texts-fr-X1_y.js">');
      expect(browser.body).not.toContain('texts-en');
      expect(root(browser.body)).toBe("<h1>fr /results $& $'</h1>");
      // ...and the voter's own choice over it; an unknown choice is English.
      const chosen = await call<string>(drawn.app, {
        url: '/results',
        headers: { 'accept-language': 'fr-CM', cookie: 'palmares.language=en' },
      });
      expect(root(chosen.body)).toBe("<h1>en /results $& $'</h1>");
      const unknown = await call<string>(drawn.app, {
        url: '/results',
        headers: { 'accept-language': 'de-DE, fr;q=0.9', cookie: 'palmares.language=xx' },
      });
      expect(unknown.body).toContain('<html lang="en">');

      // A page the client leaves to the browser is the bare page.
      const admin = await call<string>(drawn.app, { url: '/admin' });
      expect(root(admin.body)).toBe('');
      expect(admin.body).not.toContain('page-data');
      expect(admin.body).not.toContain('modulepreload');
      expect(admin.headers.vary).toBeUndefined();
    } finally {
      await drawn.close();
    }
  });

  it("gives a drawn page again for CATALOG_CACHE_MS at most, and the event's change on the very next page", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'palmares-client-'));
    await writeClient(dir);
    let draws = 0;
    // The catalogue and the event kept in memory as in production, so drawn pages are kept too,
    // here for a second (a page is never kept longer than the catalogue is).
    const kept = await createTestApp(
      'pglite',
      { CATALOG_CACHE_MS: '1000' },
      {
        clientDir: dir,
        // What a drawn page shows of the event, as the client's components read it.
        drawPage: async (_page, read) => {
          draws++;
          const event = (await read('/api/event')) as PublicEvent;
          const results = (await read('/api/results')) as Results;
          return {
            html: `<p>${event.status} counts ${event.countsVisible ? 'shown' : 'hidden'} results ${results.published ? 'published' : 'unpublished'}</p>`,
            data: { serverTime: event.serverTime },
          };
        },
      },
    );
    await rm(dir, { recursive: true, force: true });
    const { headers } = await signedInUser(kept.database.db, { isAdmin: true });
    const admin = async (method: 'PUT' | 'POST', url: string, body?: object) =>
      expect((await call(kept.app, { method, url, headers, body })).status).toBe(200);
    const page = async (encoding = 'identity') => {
      const answer = await call<string>(kept.app, {
        url: '/category/x',
        headers: { 'accept-encoding': encoding },
      });
      expect(answer.status).toBe(200);
      const text =
        answer.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(answer.bytes).toString()
          : answer.bytes.toString();
      return {
        text,
        root: /<div id="root">(.*?)<\/div>/s.exec(text)?.[1],
        age: /^page-age;dur=(\d+)$/.exec(String(answer.headers['server-timing']))?.[1],
        encoding: answer.headers['content-encoding'],
      };
    };
    const settings = (closes: Date, resultsVisibility = 'live') => ({
      name: 'Cameroon Music Awards',
      timezone: 'Africa/Douala',
      votingOpensAt: null,
      votingClosesAt: closes.toISOString(),
      resultsVisibility,
      hideCountsHoursBeforeClose: null,
    });
    try {
      await admin('PUT', '/api/admin/event', settings(new Date(Date.now() + 3_600_000)));
      const first = await page();
      expect(first.root).toBe('<p>open counts shown results unpublished</p>');
      // Given again in whichever encoding is asked for, the same page, saying how long ago it was
      // drawn so the phone reads the server's clock right.
      const again = await page('gzip, br');
      expect(again).toMatchObject({ text: first.text, encoding: 'br' });
      expect(Number(again.age)).toBeGreaterThanOrEqual(Number(first.age));
      expect(Number(again.age)).toBeLessThan(1000);
      expect(draws).toBe(1);

      await admin('PUT', '/api/admin/event', settings(new Date(Date.now() + 3_600_000), 'hidden'));
      expect((await page()).root).toBe('<p>open counts hidden results unpublished</p>');

      await admin('POST', '/api/admin/event/close-voting');
      expect((await page()).root).toBe('<p>closed counts hidden results unpublished</p>');

      await admin('POST', '/api/admin/event/publish-results');
      expect((await page()).root).toBe('<p>closed counts shown results published</p>');
      expect(draws).toBe(4);

      // Past a second, drawn again whatever the signals said.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await page();
      expect(draws).toBe(5);
    } finally {
      await resetEvent(kept.database.db);
      await kept.close();
    }
  });

  it('answers 404 in JSON for a missing file, the server paths and other methods', async () => {
    for (const request of [
      { url: '/assets/index-Gone99.js' },
      { url: '/assets/index-AbC123.js.br' },
      { url: '/index.html' },
      { url: '/api/nothing-here' },
      { url: '/metrics/extra' },
      { method: 'POST' as const, url: '/categories' },
    ]) {
      const answer = await call(t.app, request);
      expect(answer.status, request.url).toBe(404);
      expect(answer.body, request.url).toEqual({ message: expect.any(String) });
    }
  });
});
