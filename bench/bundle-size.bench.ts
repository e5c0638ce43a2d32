import { chromium, type Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHROMIUM, ensureChromium } from '#test/support/chromium.js';
import { checkoutHrefFrom } from './support/checkout-link.js';
import { startProcess } from './support/server-process.js';

/**
 * Brotli is what a phone on a modern browser actually downloads; gzip is kept for comparison. React's
 * own runtime is about 58 KB of it (ADR 0064).
 */
const TARGET_BROTLI_KB = 100;

interface Script {
  url: string;
  body: Buffer;
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function compressedSizes(body: Buffer): Sizes {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  };
}

/**
 * Loads `url` in a fresh browser context (empty cache) and returns every script it fetched once
 * React holds the page and the network is idle, so lazy chunks count only if the page really
 * loads them. Without `live`,
 * the page's live stream (GET /api/live) is not opened: the code that reads its messages loads
 * after the first paint, with the first message, and whether that falls before the network goes
 * idle is a race; it is measured apart.
 */
async function scriptsLoadedBy(browser: Browser, url: string, live = false): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    // Without EventSource the page opens no stream (as on a browser without it); intercepting the
    // request instead would make Playwright lose the bodies of other scripts.
    if (!live) await page.addInitScript(() => Reflect.deleteProperty(window, 'EventSource'));
    // Bodies are read while the page is still open: a handler that pushed after awaiting one could
    // finish after the measurement (0 scripts) or after the browser closed (a crash).
    const pending: Array<Promise<Script | null>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        // One that arrives as the page closes (a schema loaded by a live message) is not counted.
        pending.push(
          response
            .body()
            .then((body) => ({ url: response.url(), body }))
            .catch(() => null),
        );
      }
    });
    // With the stream, its first message makes the page load the schemas (and zod) that read it.
    const schemas = live
      ? page.waitForResponse((response) => response.url().includes('/assets/zod-jitless-'))
      : null;
    await page.goto(url, { waitUntil: 'load' });
    // The first screen is what the page needs until React holds its main element (hydrated, or
    // drawn in the browser): the screen's code loads after the server's picture is painted, so
    // the network can fall idle before it is asked for.
    await page.waitForFunction(() => {
      const main = document.querySelector('main');
      return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
    });
    await schemas;
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(pending);
    return scripts.filter((script) => script !== null);
  } finally {
    await context.close();
  }
}

function describe(route: string, scripts: Script[]): { total: Sizes; lines: string[] } {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  const lines: string[] = [];
  for (const script of scripts) {
    const sizes = compressedSizes(script.body);
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
    lines.push(
      `    ${new URL(script.url).pathname.padEnd(46)} ${kb(sizes.brotli).padStart(6)} KB br ${kb(sizes.gzip).padStart(6)} KB gz ${kb(sizes.raw).padStart(7)} KB raw`,
    );
  }
  lines.unshift(
    `  ${route}: ${scripts.length} scripts, ${kb(total.brotli)} KB brotli, ${kb(total.gzip)} KB gzip (${kb(total.raw)} KB raw)`,
  );
  return { total, lines };
}

/**
 * The JavaScript a visitor's phone downloads for each public route, measured by loading the page
 * in Chromium against the production build.
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  ensureChromium();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'palmares-bundle-'));
  const port = 24100 + (process.pid % 1000);
  const origin = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['dist/server/main.js'],
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_SECONDS: '0',
    },
    `${origin}/readyz`,
  );
  const lines: string[] = [];
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const categories = (await (await fetch(`${origin}/api/categories`)).json()) as Array<{
      id: string;
    }>;
    const categoryId = categories[0]?.id;
    if (!categoryId) throw new Error('/api/categories returned no category to measure');
    const categoryPath = `/category/${categoryId}`;
    const checkoutPath = await checkoutHrefFrom(browser, `${origin}${categoryPath}`);

    const routes: Array<[label: string, address: string]> = [
      ['/categories', '/categories'],
      ['/category/{id}', categoryPath],
      ['/checkout?artist=…', checkoutPath],
      ['/results', '/results'],
    ];
    let first: { scripts: Script[]; total: Sizes } | undefined;
    for (const [label, address] of routes) {
      const scripts = await scriptsLoadedBy(browser, `${origin}${address}`);
      const described = describe(label, scripts);
      first ??= { scripts, total: described.total };
      lines.push(...described.lines);
    }
    if (!first) throw new Error('no route measured');

    // What the live counts add once their stream's first message arrives, waited for here.
    const withLive = await scriptsLoadedBy(browser, `${origin}/categories`, true);
    const firstUrls = new Set(first.scripts.map((script) => new URL(script.url).pathname));
    const added = withLive.filter((script) => !firstUrls.has(new URL(script.url).pathname));
    const addedLines = describe('/categories, then its live counts', added).lines;
    lines.push(...addedLines);

    const lazyLeaks = [...first.scripts, ...added].filter((s) =>
      /checkout|admin|tracking|receipt/i.test(s.url),
    );
    const brotliKb = first.total.brotli / 1024;
    lines.unshift(
      `/categories: ${kb(first.total.brotli)} KB brotli; target <= ${TARGET_BROTLI_KB} KB ${brotliKb <= TARGET_BROTLI_KB ? 'PASS' : 'FAIL'}`,
      `/categories' live counts, after the first paint: ${addedLines[0]?.trim() ?? 'nothing'}`,
      `checkout/admin/receipts code loaded on /categories: ${lazyLeaks.length ? lazyLeaks.map((s) => s.url).join(', ') : 'none (PASS)'}`,
    );
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { name: 'JavaScript loaded per route (production build)', lines };
}
