import type { Browser, Page } from '@playwright/test';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import type { Db } from '#server/db/client.js';
import { expect, test } from './fixtures.js';
import { checkUntilSettled, startPayment } from './status-checks.js';

/** The texts read here, in both languages (the app's locale files are the source). */
const TEXT = {
  en: { votes: (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}` },
  fr: { votes: (n: number) => `${n} ${n <= 1 ? 'vote' : 'votes'}` },
} as const;

/** A phone no other test uses: MTN prefix 67, not one of the sandbox's scripted numbers. */
function freshMtnPhone(): string {
  return `678${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

/**
 * Another voter, in a browser context of their own, pays 2 votes for the nominee by sandbox
 * mobile money, the way checkout.spec.ts does (its status checks driven by its clock).
 */
async function anotherVoterPays(browser: Browser, db: Db, baseURL: string, categoryId: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const voter = await context.newPage();
    await voter.clock.install();
    await voter.goto(`/category/${categoryId}`);
    await voter.getByTestId('artist-card').getByRole('link', { name: 'Vote Now' }).click();
    await expect(voter.getByTestId('total-votes')).toHaveText('2 votes');
    await voter.getByLabel('Digit 1 of 9').pressSequentially(freshMtnPhone());
    const paymentId = await startPayment(voter, voter.getByRole('button', { name: 'Pay 200 CFA' }));
    await checkUntilSettled(voter, db, paymentId, voter.getByTestId('receipt-modal'));
  } finally {
    await context.close();
  }
}

const countOf = (page: Page, artist: string) =>
  page.getByRole('article', { name: artist }).getByTestId('vote-count');

test.describe('live counts', () => {
  for (const language of ['en', 'fr'] as const) {
    test(
      `a category page shows another voter's payment without a reload (${language})`,
      { tag: language === 'en' ? ['@phone'] : [] },
      async ({ page, browser, db }, testInfo) => {
        test.slow();
        const t = TEXT[language];
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const category = await createCategory(db, {
          name: `Best Makossa ${suffix}`,
          nameFr: `Meilleur makossa ${suffix}`,
        });
        const artist = `Kareyce ${suffix}`;
        await createNominee(db, { categoryIds: [category.id], artist: { name: artist } });

        await page.goto(`/category/${category.id}`);
        const count = countOf(page, artist);
        // The first visit of a fresh category builds its catalogue answers.
        await expect(count).toHaveText(t.votes(0), { timeout: 20_000 });
        const hero = page.getByRole('region', {
          name: language === 'en' ? category.name : category.nameFr!,
        });
        await expect(hero.getByTestId('vote-count')).toHaveText(t.votes(0));
        // Marks this document: a reload would lose it.
        await page.evaluate(() => document.documentElement.setAttribute('data-before-payment', ''));
        const card = page.getByRole('article', { name: artist });
        const cardBox = await card.boundingBox();
        const box = await count.boundingBox();

        await anotherVoterPays(browser, db, String(testInfo.project.use.baseURL), category.id);

        await expect(count).toHaveText(t.votes(2), { timeout: 5_000 });
        await expect(hero.getByTestId('vote-count')).toHaveText(t.votes(2));
        await expect(page.locator('html[data-before-payment]')).toHaveCount(1);
        // Updated in place: the card keeps its size and place, and the count (last in its row,
        // aligned to the end) keeps its line and its end; a longer word grows into free space.
        expect(await card.boundingBox()).toEqual(cardBox);
        const after = await count.boundingBox();
        expect(after?.y).toBeCloseTo(box?.y ?? -1, 0);
        expect((after?.x ?? 0) + (after?.width ?? 0)).toBeCloseTo(
          (box?.x ?? 0) + (box?.width ?? 0),
          0,
        );
      },
    );
  }
});
