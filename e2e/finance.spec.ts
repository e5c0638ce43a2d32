import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Db } from '#server/db/client.js';
import { FINANCE_CSV_COLUMNS } from '#shared/schemas/finance.js';
import { createNominee } from '#test/factories/catalog-factory.js';
import {
  createCompletedPayment,
  createNeedsReviewPayment,
  revisePaymentAs,
} from '#test/factories/payment-factory.js';
import { FIRST_LOAD, expect, setLanguage, test } from './fixtures.js';

/**
 * Two days of money long past, so the rows are this test's alone in a database other tests pay
 * into meanwhile. First day: two card payments, one fee reported and
 * one estimated, and a mobile-money payment with its fee. Second: a card payment whose chargeback
 * was lost, a mobile-money payment refunded in full and one waiting for review.
 */
async function seedTwoDays(db: Db, [first, second]: [string, string]): Promise<void> {
  const { nominations } = await createNominee(db);
  const votes = (voteCount: number) => [{ nominationId: nominations[0]!.id, voteCount }];
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  await createCompletedPayment(db, {
    provider: 'stripe',
    votes: votes(4),
    at: at(first),
    payment: { providerFee: 36 },
  });
  await createCompletedPayment(db, { provider: 'stripe', votes: votes(2), at: at(first) });
  await createCompletedPayment(db, {
    provider: 'campay',
    votes: votes(3),
    at: at(first),
    payment: { providerFee: 6 },
  });
  const lost = await createCompletedPayment(db, {
    provider: 'stripe',
    votes: votes(2),
    at: at(second),
    payment: { providerFee: 33 },
  });
  await revisePaymentAs(db, lost.id, {
    kind: 'dispute',
    disputeId: `dp_${lost.id}`,
    status: 'lost',
  });
  const refunded = await createCompletedPayment(db, {
    provider: 'campay',
    votes: votes(5),
    at: at(second),
  });
  await revisePaymentAs(db, refunded.id, { kind: 'refund', refundedAmount: 500 });
  await createNeedsReviewPayment(db, { provider: 'campay', votes: votes(2), at: at(second) });
}

/** This test's days as shown: the table's day groups on a laptop, the day cards on a phone. */
function dayBlock(page: Page, label: string) {
  const width = page.viewportSize()?.width ?? 0;
  return width >= 768
    ? page.getByRole('rowgroup').filter({ has: page.getByRole('rowheader', { name: label }) })
    : page
        .getByRole('list', { name: /^(Money by day and provider|Montants par jour)/ })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 4, name: label }) });
}

test.describe('the Finance tab', () => {
  test('shows money per currency and per day with estimates labelled, and downloads it as CSV, in both languages', async ({
    page,
    db,
    signIn,
  }) => {
    test.slow();
    const days: [string, string] = ['2024-02-28', '2024-02-29'];
    const labels = {
      en: ['28 Feb 2024', '29 Feb 2024'],
      fr: ['28 févr. 2024', '29 févr. 2024'],
    };
    await seedTwoDays(db, days);
    await signIn();
    await page.goto('/admin?tab=finance');
    await expect(page.getByRole('heading', { level: 2, name: 'Finance' })).toBeVisible(FIRST_LOAD);

    const first = dayBlock(page, labels.en[0]!);
    const second = dayBlock(page, labels.en[1]!);
    await expect(first).toContainText('Card', FIRST_LOAD);
    await expect(first).toContainText('$3.00');
    await expect(first).toContainText('Estimate');
    await expect(first).toContainText('$2.31');
    await expect(first).toContainText('294 CFA');
    await expect(second).toContainText('1 payment (200 CFA) awaits review and is not counted.');
    await expect(second).toContainText('\u2212$0.33');
    await expect(second).toContainText('\u221210 CFA');
    await expect(page.getByRole('group', { name: 'US dollars' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'CFA francs' })).toBeVisible();
    await expect(page.getByText(/estimated at 2\.9% \+ \$0\.30 for cards/)).toBeVisible();

    // The CSV is the same report: this test's days, amounts in the main unit, totals per currency.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^finance-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(FINANCE_CSV_COLUMNS.join(','));
    expect(
      lines.filter((line) => line.startsWith(`${days[0]},`) || line.startsWith(`${days[1]},`)),
    ).toEqual([
      `${days[0]},stripe,USD,2,3.00,0.69,0.33,1,0.00,0.00,0.00,2.31,0,0.00`,
      `${days[0]},campay,XAF,1,300,6,0,0,0,0,0,294,0,0`,
      `${days[1]},stripe,USD,1,1.00,0.33,0.00,0,0.00,0.00,1.00,-0.33,0,0.00`,
      `${days[1]},campay,XAF,1,500,10,10,1,500,0,0,-10,1,200`,
    ]);
    expect(lines.filter((line) => line.startsWith('Total,'))).toHaveLength(2);

    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow(), 'no sideways scrolling').toBe(0);

    await setLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 2, name: 'Finances' })).toBeVisible(FIRST_LOAD);
    const premier = dayBlock(page, labels.fr[0]!);
    await expect(premier).toContainText('Carte', FIRST_LOAD);
    await expect(premier).toContainText(/2,31\s\$US/);
    await expect(premier).toContainText('Estimation');
    await expect(dayBlock(page, labels.fr[1]!)).toContainText(
      "1 paiement (200 CFA) attend une vérification et n'est pas compté.",
    );
    await expect(page.getByRole('group', { name: 'Dollars US' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Télécharger le CSV' })).toBeEnabled();
    expect(await overflow(), 'no sideways scrolling').toBe(0);

    // The other width, in both languages: its layout (table or cards) reads the same.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dayBlock(page, labels.fr[0]!)).toContainText('Carte');
    expect(await overflow(), 'no sideways scrolling').toBe(0);
    await setLanguage(page, 'en');
    await expect(dayBlock(page, labels.en[0]!)).toContainText('Card', FIRST_LOAD);
    expect(await overflow(), 'no sideways scrolling').toBe(0);
  });
});
