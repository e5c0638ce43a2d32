/**
 * Pictures of the editions UI (the switcher, the Editions tab, an archived edition's notice) at a
 * phone's and a laptop's size, in English and French, into test-results/editions-screens/.
 *
 *   SCREENS_PASSWORD=... tsx scripts/editions-screens.ts http://127.0.0.1:<port>
 *
 * against `npm start` (its demo data and demo admin), on loopback only. It adds an archived 2024
 * edition and a 2027 one copied from the current edition, through the admin API, if missing.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type APIRequestContext, type APIResponse } from '@playwright/test';
import { CHROMIUM } from '#test/support/chromium.js';

/** The admin to sign in as (npm start prints the demo admin's password on its first start). */
const EMAIL = process.env.SCREENS_EMAIL ?? 'admin@palmares.local';
const PASSWORD = process.env.SCREENS_PASSWORD ?? '';
const OUT = path.resolve('test-results', 'editions-screens');
const DAY = 86_400_000;

/** Editions to show beside the demo's: a finished one archived, and next year's, empty. */
async function prepare(api: APIRequestContext, origin: string) {
  const headers = { origin };
  const listed = (await (await api.get('/api/editions')).json()) as {
    editions: { slug: string }[];
  };
  const has = (slug: string) => listed.editions.some((e) => e.slug === slug);
  const ok = async (answer: Promise<APIResponse>) => {
    const done = await answer;
    if (!done.ok()) throw new Error(`${done.url()}: ${done.status()} ${await done.text()}`);
  };
  if (!has('2024')) {
    await ok(
      api.post('/api/admin/editions', {
        headers,
        data: { slug: '2024', name: 'Palmarès Awards 2024', nameFr: 'Prix Palmarès 2024' },
      }),
    );
    await ok(
      api.put('/api/admin/event?edition=2024', {
        headers,
        data: {
          name: 'Palmarès Awards 2024',
          nameFr: 'Prix Palmarès 2024',
          timezone: 'Africa/Douala',
          votingOpensAt: new Date(Date.now() - 400 * DAY).toISOString(),
          votingClosesAt: new Date(Date.now() - 380 * DAY).toISOString(),
          resultsVisibility: 'live',
          hideCountsHoursBeforeClose: null,
        },
      }),
    );
    await ok(api.post('/api/admin/editions/2024/archive', { headers }));
  }
  if (!has('2027')) {
    await ok(
      api.post('/api/admin/editions', {
        headers,
        data: {
          slug: '2027',
          name: 'Palmarès Awards 2027',
          nameFr: 'Prix Palmarès 2027',
          copyFrom: listed.editions[0]?.slug ?? null,
        },
      }),
    );
  }
}

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

async function shoot(baseURL: string) {
  if (!/^http:\/\/(127\.0\.0\.1|\[::1\])(:\d+)?$/.test(baseURL)) throw new Error('loopback only');
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    for (const size of SIZES) {
      for (const language of ['en', 'fr'] as const) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width: size.width, height: size.height },
          locale: language,
        });
        const signIn = await context.request.post('/api/login', {
          data: { email: EMAIL, password: PASSWORD },
          headers: { accept: 'application/json' },
        });
        if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()}`);
        await prepare(context.request, baseURL);
        const page = await context.newPage();
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        const shot = async (name: string, full = true) =>
          page.screenshot({
            path: path.join(OUT, `${name}-${size.name}-${language}.png`),
            fullPage: full,
          });

        await page.goto('/admin?tab=editions');
        await page.getByRole('heading', { level: 3 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot('editions-tab');

        await page
          .getByRole('combobox', { name: language === 'fr' ? 'Édition' : 'Edition' })
          .click();
        await page.getByRole('option').first().waitFor();
        await shot('switcher-open', false);
        await page.keyboard.press('Escape');

        const makeCurrent = page.getByRole('button', { name: /2027/ }).first();
        await makeCurrent.click();
        await page.getByRole('alertdialog').waitFor();
        await shot('make-current-confirm', false);
        await page.keyboard.press('Escape');

        await page.goto('/admin?tab=event&edition=2024');
        await page.waitForLoadState('networkidle');
        await shot('archived-event-tab');
        await page.goto('/admin?tab=event');
        await page.waitForLoadState('networkidle');
        await shot('event-tab-prices');
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: SCREENS_PASSWORD=... editions-screens.ts <base URL>');
await shoot(target);
