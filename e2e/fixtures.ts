import { test as base, expect, type Page } from '@playwright/test';
import { openDatabase, type Database, type Db } from '../src/server/db/client.js';

export const EMPTY_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 1}`;

/** Console messages the app is allowed to print (none so far): anything else fails the test. */
const ALLOWED_CONSOLE: RegExp[] = [];

export interface Fixtures {
  /** The e2e server's database, for the shared factories in test/factories. */
  db: Db;
  /** Takes a full-page screenshot named after the test's project (phone/laptop) and language. */
  shot: (name: string) => Promise<void>;
}

export const test = base.extend<Fixtures, { database: Database }>({
  database: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const url = process.env.E2E_DATABASE_URL;
      if (!url)
        throw new Error('E2E_DATABASE_URL is not set: run end-to-end tests with npm run test:e2e');
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      await use(database);
      await database.close();
    },
    { scope: 'worker' },
  ],
  db: async ({ database }, use) => use(database.db),
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      const text = message.text();
      if (!ALLOWED_CONSOLE.some((re) => re.test(text)))
        problems.push(`console.${message.type()}: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    expect(problems, 'unexpected console output').toEqual([]);
  },
  shot: async ({ page }, use, testInfo) => {
    await use(async (name) => {
      const lang = await page.evaluate(() => document.documentElement.lang || 'en');
      await page.screenshot({
        path: testInfo.outputPath(`../../screenshots/${name}-${testInfo.project.name}-${lang}.png`),
        fullPage: false,
      });
    });
  },
});

export { expect };

/** Switches the interface language the way a visitor does, through localStorage + reload. */
export async function setLanguage(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}
