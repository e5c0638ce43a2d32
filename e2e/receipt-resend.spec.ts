import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import { createCompletedPayment } from '#test/factories/payment-factory.js';
import { BASE_URL, expect, test, type Fixtures } from './fixtures.js';

/** The receipts go to the e2e server's outbox table; its own worker delivers them (sandbox). */
const outbox: MessageOutbox = { publicUrl: BASE_URL, written: () => undefined };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A completed mobile-money payment with an e-mail, and its receipt written to the outbox. */
async function paidVote(db: Fixtures['db']) {
  const { nominations } = await createNominee(db);
  const phone = `23767${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const email = `resend-${unique()}@example.com`;
  const payment = await createCompletedPayment(db, {
    provider: 'campay',
    votes: [{ nominationId: nominations[0]!.id, voteCount: 2 }],
    payment: { voterEmail: email, phoneNumber: phone },
    outbox,
  });
  return { ...payment, phone, email };
}

/**
 * A toast as seen on screen. The receipt modal hides the rest of the page from the accessibility
 * tree, the toasts' region included (screen readers hear the toast through Radix's announcement,
 * which lives a second), so it is found by its text, not by role.
 */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('li').filter({ hasText: text }).filter({ visible: true });

test.describe('Send my receipt again', () => {
  for (const language of ['en', 'fr'] as const) {
    const t = {
      en: {
        button: 'Send my receipt again',
        done: 'Your receipt is on its way by SMS and e-mail.',
      },
      fr: { button: 'Renvoyer mon reçu', done: 'Votre reçu arrive par SMS et par e-mail.' },
    }[language];

    test(
      `sends the receipt again to the payment's own phone and e-mail (${language})`,
      { tag: language === 'en' ? ['@phone'] : [] },
      async ({ page, db }) => {
        const payment = await paidVote(db);
        if (language === 'fr') {
          await page.addInitScript(() => localStorage.setItem('language', 'fr'));
        }
        await page.goto(`/my-receipts?code=${payment.receiptCode}`);
        const modal = page.getByTestId('receipt-modal');
        await expect(modal.getByTestId('receipt-code')).toHaveText(payment.receiptCode!);
        await modal.getByRole('button', { name: t.button }).click();
        await expect(toast(page, t.done)).toBeVisible();
        // The first receipt and its copy, each by SMS and e-mail, to the payment's own addresses.
        const rows = rowsOf<{ recipient: string }>(
          await db.execute(
            sql`SELECT recipient FROM outbox_messages WHERE payment_id = ${payment.id}`,
          ),
        );
        expect(rows.map((row) => row.recipient).sort()).toEqual([
          `+${payment.phone}`,
          `+${payment.phone}`,
          payment.email,
          payment.email,
        ]);
      },
    );
  }
});
