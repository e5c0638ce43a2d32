import { chromium, type Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, ensureChromium } from '#test/support/chromium.js';
import { startProcess } from './support/server-process.js';

const TARGET_KB = 120;

/**
 * The JavaScript a visitor's phone downloads for /categories, measured by loading the page in
 * Chromium against the production build (so lazy chunks count only if the page really loads them).
 */
export async function run(): Promise<{ name: string; lines: string[] }> {
  ensureChromium();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'palmares-bundle-'));
  const port = 24100 + (process.pid % 1000);
  const server = await startProcess(
    ['dist/server/main.js'],
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_SECONDS: '0',
    },
    `http://127.0.0.1:${port}/readyz`,
  );
  const lines: string[] = [];
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    // Bodies are read while the page is still open: a handler that pushed after awaiting one could
    // finish after the measurement (0 scripts) or after the browser closed (a crash).
    const pending: Array<Promise<{ url: string; body: Buffer }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        pending.push(response.body().then((body) => ({ url: response.url(), body })));
      }
    });
    await page.goto(`http://127.0.0.1:${port}/categories`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(pending);
    let raw = 0;
    let gz = 0;
    for (const script of scripts) {
      const size = gzipSync(script.body, { level: 9 }).length;
      raw += script.body.length;
      gz += size;
      lines.push(
        `  ${new URL(script.url).pathname.padEnd(48)} ${(size / 1024).toFixed(1).padStart(6)} KB gzip`,
      );
    }
    const lazyLeaks = scripts.filter((s) => /checkout|admin|tracking|receipt/i.test(s.url));
    lines.unshift(
      `/categories loads ${scripts.length} scripts: ${(gz / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(0)} KB raw); target <= ${TARGET_KB} KB ${gz / 1024 <= TARGET_KB ? 'PASS' : 'FAIL'}`,
      `checkout/admin/receipts code loaded on /categories: ${lazyLeaks.length ? lazyLeaks.map((s) => s.url).join(', ') : 'none (PASS)'}`,
    );
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { name: 'JavaScript loaded by /categories (production build)', lines };
}
