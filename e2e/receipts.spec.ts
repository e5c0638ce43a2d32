import type { Page } from '@playwright/test';
import { createPhoneHasher } from '#server/payments/phone-hash.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { expect, test } from './fixtures.js';

type Db = Parameters<typeof createCategory>[0];

// The e2e server's key (playwright.config.ts), so stored hashes match what lookup computes.
const hashPhone = createPhoneHasher({ phoneHashKey: 'e2e-phone-hash-key', dataDir: '' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A nominee in two categories and two completed payments for one voter: card, then mobile money. */
async function voterWithReceipts(db: Db) {
  const suffix = unique();
  const first = await createCategory(db, { name: `Best Bikutsi ${suffix}`, nameFr: null });
  const second = await createCategory(db, { name: `Best Live Act ${suffix}`, nameFr: null });
  const { artist, nominations } = await createNominee(db, {
    categoryIds: [first.id, second.id],
    artist: { name: `Koffi Ndem ${suffix}` },
  });
  const email = `receipts-${suffix}@example.com`;
  const phone = `69${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const older = await createCompletedPayment(db, {
    provider: 'stripe',
    votes: [{ nominationId: nominations[0]!.id, voteCount: 3 }],
    payment: { voterEmail: email, createdAt: new Date(Date.now() - 2 * 3600_000) },
  });
  const newer = await createCompletedPayment(db, {
    provider: 'campay',
    votes: [
      { nominationId: nominations[0]!.id, voteCount: 1 },
      { nominationId: nominations[1]!.id, voteCount: 1 },
    ],
    payment: {
      voterEmail: email,
      phoneNumber: `237${phone}`,
      phoneHash: hashPhone(`237${phone}`),
    },
  });
  return { artist, first, second, email, phone, older, newer };
}

/** A toast in the notifications region (the empty state is a status too, with the same title). */
const toast = (page: Page, title: string, description?: string) => {
  const withTitle = page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: title });
  return description ? withTitle.filter({ hasText: description }) : withTitle;
};

async function search(page: Page, field: 'email' | 'phone', value: string) {
  await page.getByLabel(field === 'email' ? 'Email address' : 'Phone number').fill(value);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('receipt lookup', () => {
  test(
    'finds receipts by e-mail, newest first, and opens one',
    { tag: '@phone' },
    async ({ page, db }) => {
      const { artist, first, second, email, older, newer } = await voterWithReceipts(db);
      await page.goto('/my-receipts');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Receipts');
      await expect(page.getByText('Include the country code: 237 for Cameroon')).toBeVisible();

      // Typing in one field clears and disables the other.
      await page.getByLabel('Phone number').fill('237 6');
      await expect(page.getByLabel('Email address')).toBeDisabled();
      await page.getByLabel('Phone number').fill('');
      await expect(page.getByLabel('Email address')).toBeEnabled();
      await page.getByLabel('Email address').fill(email);
      await expect(page.getByLabel('Phone number')).toBeDisabled();
      await page.getByRole('button', { name: 'Search', exact: true }).click();

      const cards = page.getByTestId('receipt-summary');
      await expect(cards).toHaveCount(2);
      await expect(page.getByText('2 receipts found')).toBeVisible();
      await expect(cards.nth(0)).toContainText(newer.receiptCode!);
      await expect(cards.nth(0)).toContainText('Mobile Money');
      await expect(cards.nth(0)).toContainText('200 CFA');
      await expect(cards.nth(1)).toContainText(older.receiptCode!);
      await expect(cards.nth(1)).toContainText('Card');
      await expect(cards.nth(1)).toContainText('$1.50');
      await expect(cards.nth(1)).toContainText('3');

      await cards.nth(0).getByRole('button', { name: 'View Receipt' }).click();
      const modal = page.getByTestId('receipt-modal');
      await expect(modal.getByTestId('receipt-code')).toHaveText(newer.receiptCode!);
      await expect(modal.getByTestId('receipt-artist')).toHaveText(artist.name);
      await expect(modal.getByTestId('receipt-total')).toHaveText('2 Votes');
      await expect(modal).toContainText(first.name);
      await expect(modal).toContainText(second.name);

      // Closing asks first; confirming closes and stays on the lookup.
      await modal.getByRole('button', { name: 'Close', exact: true }).first().click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm.getByRole('heading')).toHaveText('Have you saved your screenshot?');
      await confirm.getByRole('button', { name: 'Let me screenshot first' }).click();
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
      await confirm.getByRole('button', { name: 'Yes, I saved it' }).click();
      await expect(modal).toBeHidden();
      await expect(page).toHaveURL(/\/my-receipts$/);
      await expect(cards).toHaveCount(2);
    },
  );

  test('finds receipts by phone, written with the country code', async ({ page, db }) => {
    const { phone, newer } = await voterWithReceipts(db);
    await page.goto('/my-receipts');
    await search(page, 'phone', `+237 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
    const cards = page.getByTestId('receipt-summary');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(newer.receiptCode!);
    await expect(cards).toContainText('Mobile Money');
  });

  test('says when nothing is found', async ({ page }) => {
    await page.goto('/my-receipts');
    await search(page, 'email', `nobody-${unique()}@example.com`);
    await expect(
      page.getByText("We couldn't find any receipts for this email or phone number."),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Receipts Found' })).toBeVisible();
    await expect(toast(page, 'No Receipts Found')).toBeVisible();

    await page.getByLabel('Email address').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toast(page, 'Email or Phone Required')).toBeVisible();
  });

  test('opens the receipt in ?code= directly', async ({ page, db, allowConsole }) => {
    const { newer } = await voterWithReceipts(db);
    await page.goto(`/my-receipts?code=${newer.receiptCode}`);
    const modal = page.getByTestId('receipt-modal');
    await expect(modal.getByTestId('receipt-code')).toHaveText(newer.receiptCode!);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, I saved it' }).click();
    await expect(page).toHaveURL(/\/my-receipts$/);

    allowConsole({ text: /status of 404/, url: /\/api\/payment\/receipt\// });
    await page.goto('/my-receipts?code=NOSUCHCODE', { waitUntil: 'commit' });
    await expect(
      toast(
        page,
        'Error',
        'Could not load receipt. Please contact support with your payment details.',
      ),
    ).toBeVisible();
    await expect(modal).toBeHidden();
  });

  test('works in French', async ({ page, db }) => {
    const { email, older } = await voterWithReceipts(db);
    await page.addInitScript(() => localStorage.setItem('language', 'fr'));
    await page.goto('/my-receipts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes reçus');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const cards = page.getByTestId('receipt-summary');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText('Carte');
    await expect(cards.nth(1)).toContainText(/1,50\s\$US/);
    await cards.nth(1).getByRole('button', { name: 'Voir le reçu' }).click();
    const modal = page.getByTestId('receipt-modal');
    await expect(modal.getByTestId('receipt-code')).toHaveText(older.receiptCode!);
    await expect(modal.getByTestId('receipt-total')).toHaveText('3 Votes');
  });
});
