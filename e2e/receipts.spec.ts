import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { outboxMessages, receiptLookupCodes } from '#server/db/schema.js';
import { lookupCodeHashes } from '#server/features/receipts/lookup-codes.js';
import { createPhoneHasher } from '#server/payments/phone-hash.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment, revisePaymentAs } from '#test/factories/payment-factory.js';
import { expect, test } from './fixtures.js';
import { codeSentTo } from './lookup-codes.js';

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

/** Types the code sent to `recipient` in the code step and confirms it. */
async function enterCode(page: Page, db: Db, recipient: string, confirm = 'Confirm') {
  const code = await codeSentTo(db, recipient);
  await page.getByRole('textbox', { name: /^(6-digit code|Code à 6 chiffres)$/ }).fill(code);
  await page.getByRole('button', { name: confirm, exact: true }).click();
}

test.describe('receipt lookup', () => {
  test(
    'finds receipts by e-mail, newest first, and opens one',
    { tag: '@phone' },
    async ({ page, db, allowConsole }) => {
      allowConsole({ text: /status of 422/, url: /\/api\/receipts\/lookup$/ });
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

      // The code step: the code goes to the e-mail, and the field takes the focus.
      await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
      const codeField = page.getByRole('textbox', { name: '6-digit code' });
      await expect(codeField).toBeFocused();
      await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(codeField).toHaveAttribute('inputmode', 'numeric');
      await expect(
        page.getByRole('button', { name: /^Send a new code \(\d+ s\)$/ }),
      ).toBeDisabled();
      const sent = await codeSentTo(db, email);
      await codeField.fill(sent === '000000' ? '000001' : '000000');
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(
        toast(page, 'Lookup Failed', 'This code is wrong or has expired. Ask for a new one.'),
      ).toBeVisible();
      await expect(codeField).toHaveAttribute('aria-invalid', 'true');
      await enterCode(page, db, email);

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
      await expect(modal.getByTestId('receipt-total')).toHaveText('2 votes');
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
    await expect(
      page.getByText(
        `We sent a 6-digit code to +237 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}.`,
      ),
    ).toBeVisible();
    // Lookup codes are security messages: they go by SMS to the number in E.164.
    await enterCode(page, db, `+237${phone}`);
    const cards = page.getByTestId('receipt-summary');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(newer.receiptCode!);
    await expect(cards).toContainText('Mobile Money');
  });

  test('says when nothing is found', async ({ page, db }) => {
    await page.goto('/my-receipts');
    const nobody = `nobody-${unique()}@example.com`;
    await search(page, 'email', nobody);
    await expect(page.getByText(`We sent a 6-digit code to ${nobody}.`)).toBeVisible();
    // No code goes to an address without receipts; the test stands in for one that had some,
    // refunded since, with a code of its own as the server would store it.
    const hashes = lookupCodeHashes(hashPhone);
    const recipientHash = hashes.recipient({ email: nobody });
    await db.insert(receiptLookupCodes).values({
      recipientHash,
      codeHash: hashes.code(recipientHash, '424242'),
      expiresAt: new Date(Date.now() + 600_000),
    });
    await page.getByRole('textbox', { name: '6-digit code' }).fill('424242');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
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

  test(
    'fits the part of a receipt worth a screenshot on one phone screen, in English and French',
    { tag: '@phone' },
    async ({ page, db }) => {
      // The tallest receipt the demo draws: three categories and a partial refund, whose heading,
      // totals and per-category lines are the longest.
      const suffix = unique();
      const names = [
        ['Best Female Artist', 'Meilleure artiste féminine'],
        ['Best Music Video', 'Meilleur clip vidéo'],
        ['Best Urban Artist', 'Meilleur artiste urbain'],
      ] as const;
      const categories = [];
      for (const [name, nameFr] of names) {
        categories.push(
          await createCategory(db, { name: `${name} ${suffix}`, nameFr: `${nameFr} ${suffix}` }),
        );
      }
      const { nominations } = await createNominee(db, {
        categoryIds: categories.map((category) => category.id),
        artist: { name: `Zara Nguema ${suffix}` },
      });
      const paid = await createCompletedPayment(db, {
        provider: 'campay',
        votes: nominations.map((nomination, index) => ({
          nominationId: nomination.id,
          voteCount: [7, 8, 2][index]!,
        })),
        payment: { voterEmail: `tall-${suffix}@example.com` },
      });
      await revisePaymentAs(db, paid.id, { kind: 'refund', refundedAmount: 600 });

      const screen = page.viewportSize()!;
      expect(screen).toEqual({ width: 390, height: 844 });
      for (const [language, title] of [
        ['en', 'Thank you for voting!'],
        ['fr', 'Merci pour votre vote !'],
      ] as const) {
        await page.goto('/my-receipts');
        await page.evaluate((lang) => localStorage.setItem('language', lang), language);
        await page.goto(`/my-receipts?code=${paid.receiptCode}`);
        const modal = page.getByTestId('receipt-modal');
        await expect(modal.getByTestId('receipt-code')).toHaveText(paid.receiptCode!);
        await expect(modal.getByRole('heading', { name: title })).toBeVisible();
        const parts = [
          modal.getByRole('heading', { name: title }),
          modal.getByTestId('receipt-artist'),
          modal.getByTestId('receipt-total'),
          modal.getByTestId('receipt-facts'),
          modal.getByRole('listitem').last(),
          modal.getByTestId('receipt-code'),
        ];
        for (const part of parts) {
          const box = (await part.boundingBox())!;
          expect(box.y, `${language}: ${String(part)} starts on screen`).toBeGreaterThanOrEqual(0);
          expect(
            box.y + box.height,
            `${language}: ${String(part)} ends on screen`,
          ).toBeLessThanOrEqual(screen.height);
        }
        // Seen as it opens, with nothing scrolled away above.
        expect(await modal.evaluate((element) => element.scrollTop)).toBe(0);
      }
    },
  );

  test('works in French', async ({ page, db }) => {
    const { email, older } = await voterWithReceipts(db);
    await page.addInitScript(() => localStorage.setItem('language', 'fr'));
    await page.goto('/my-receipts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes reçus');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(
      page.getByText(`Nous avons envoyé un code à 6 chiffres à ${email}.`),
    ).toBeVisible();
    // Asked from a French page, the e-mail is in French.
    await expect
      .poll(async () => {
        const [message] = await db
          .select({ language: outboxMessages.language, subject: outboxMessages.subject })
          .from(outboxMessages)
          .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'lookup-code')));
        return message;
      })
      .toMatchObject({ language: 'fr', subject: expect.stringMatching(/^Votre code Palmarès/) });
    await enterCode(page, db, email, 'Confirmer');
    const cards = page.getByTestId('receipt-summary');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText('Carte');
    await expect(cards.nth(1)).toContainText(/1,50\s\$US/);
    await cards.nth(1).getByRole('button', { name: 'Voir le reçu' }).click();
    const modal = page.getByTestId('receipt-modal');
    await expect(modal.getByTestId('receipt-code')).toHaveText(older.receiptCode!);
    await expect(modal.getByTestId('receipt-total')).toHaveText('3 votes');
  });
});
