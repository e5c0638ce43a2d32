import type { Page } from '@playwright/test';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { expect, test } from './fixtures.js';

type Db = Parameters<typeof createCategory>[0];
type Language = 'en' | 'fr';

/** The texts these tests read, in both languages (the app's locale files are the source). */
const TEXT = {
  en: {
    voteNow: 'Vote Now',
    digit: (n: number) => `Digit ${n} of 9`,
    pay: 'Pay 200 CFA',
    notMobileMoney:
      'This number is not on MTN or Orange. Enter an MTN Mobile Money or Orange Money number.',
  },
  fr: {
    voteNow: 'Voter maintenant',
    digit: (n: number) => `Chiffre ${n} sur 9`,
    pay: 'Payer 200 CFA',
    notMobileMoney:
      "Ce numéro n'est ni MTN ni Orange. Saisissez un numéro MTN Mobile Money ou Orange Money.",
  },
} as const;

async function openCheckout(page: Page, db: Db, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const category = await createCategory(db, { name: `Best Afrobeat ${suffix}` });
  await createNominee(db, { categoryIds: [category.id], artist: { name: `Manu ${suffix}` } });
  await page.goto(`/category/${category.id}`);
  await page.getByTestId('artist-card').getByRole('link', { name: TEXT[language].voteNow }).click();
  await expect(page.getByTestId('total-votes')).toBeVisible();
}

/** What the 9 boxes hold, read together. */
const boxes = (page: Page, language: Language) =>
  page.getByRole('textbox', { name: language === 'en' ? /^Digit \d of 9$/ : /^Chiffre \d sur 9$/ });
const typedNumber = (page: Page, language: Language = 'en') =>
  boxes(page, language).evaluateAll((inputs) =>
    inputs.map((input) => (input instanceof HTMLInputElement ? input.value : '?')).join(''),
  );

/** A paste the way a visitor does it: the text on the clipboard, then Ctrl+V in a box. */
async function paste(page: Page, box: number, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.getByLabel(TEXT.en.digit(box)).click();
  await page.keyboard.press('ControlOrMeta+V');
}

test.describe('mobile-money phone boxes', () => {
  test(
    'retyping over a number and pasting any common format leave the digits typed',
    { tag: '@phone' },
    async ({ page, context, db }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openCheckout(page, db, 'en');
      const first = page.getByLabel(TEXT.en.digit(1));

      await first.click();
      await page.keyboard.type('670123456');
      await expect.poll(() => typedNumber(page)).toBe('670123456');

      // Box 1 already holds the 6 typed first: the 6 must still replace it and move on.
      await first.click();
      await page.keyboard.type('670123457');
      await expect.poll(() => typedNumber(page)).toBe('670123457');
      await expect(page.getByLabel(TEXT.en.digit(9))).toBeFocused();

      // One digit corrected in the middle, then the last one removed and typed again.
      await page.getByLabel(TEXT.en.digit(5)).click();
      await page.keyboard.type('9');
      await expect.poll(() => typedNumber(page)).toBe('670193457');
      await expect(page.getByLabel(TEXT.en.digit(6))).toBeFocused();
      await page.getByLabel(TEXT.en.digit(9)).click();
      await page.keyboard.press('Backspace');
      await page.keyboard.type('8');
      await expect.poll(() => typedNumber(page)).toBe('670193458');
      // Anything but a digit leaves the boxes as they were.
      await page.getByLabel(TEXT.en.digit(3)).click();
      await page.keyboard.type('a -');
      await expect.poll(() => typedNumber(page)).toBe('670193458');
      await expect(page.getByLabel(TEXT.en.digit(3))).toBeFocused();

      for (const [text, expected] of [
        ['00237670123456', '670123456'],
        ['+237 690 12 34 56', '690123456'],
        ['237 655 000 111', '655000111'],
        ['680-12-34-56', '680123456'],
        ['(670) 123 456', '670123456'],
        ['+237 6.99.88.77.66', '699887766'],
      ] as const) {
        await paste(page, 4, text);
        await expect.poll(() => typedNumber(page), { message: text }).toBe(expected);
      }
    },
  );

  for (const language of ['en', 'fr'] as const) {
    test(
      `says beside the boxes when a number is not MTN or Orange (${language})`,
      { tag: '@phone' },
      async ({ page, db }) => {
        const t = TEXT[language];
        await openCheckout(page, db, language);
        const message = page.getByText(t.notMobileMoney);
        await page.getByLabel(t.digit(1)).click();
        // Nexttel (66x): a Cameroon number that has no MTN or Orange mobile money.
        await page.keyboard.type('66123456');
        await expect(message).toBeHidden();
        await page.keyboard.type('7');
        await expect(message).toBeVisible();
        await expect(page.getByLabel(t.digit(1))).toHaveAttribute('aria-invalid', 'true');

        // Pay sends nothing: the field and its message come back into view instead.
        let sent = false;
        page.on('request', (request) => {
          if (request.url().endsWith('/api/campay-payment')) sent = true;
        });
        await page.mouse.wheel(0, 2000);
        await page.getByRole('button', { name: t.pay }).click();
        await expect(message).toBeInViewport();
        await expect(page.getByLabel(t.digit(1))).toBeFocused();
        expect(sent).toBe(false);

        // An MTN prefix clears it.
        await page.keyboard.type('67');
        await expect(message).toBeHidden();
        await expect(page.getByLabel(t.digit(1))).not.toHaveAttribute('aria-invalid', 'true');
      },
    );
  }
});
