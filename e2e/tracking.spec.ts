import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Db } from '#server/db/client.js';
import { CSV_COLUMNS } from '#shared/schemas/tracking.js';
import { createNominee, nominationVotes } from '#test/factories/catalog-factory.js';
import {
  createCompletedPayment,
  createPendingPayment,
  settlePayment,
} from '#test/factories/payment-factory.js';
import type { MessageOutbox } from '#server/outbox/outbox-store.js';
import { BASE_URL, FIRST_LOAD, expect, setLanguage, test, type SignIn } from './fixtures.js';
import { selectOption } from './select-option.js';

const TRACKING_PATH = '/admin/voter-tracking';

/** Voter tracking, signed in as the worker's organiser (or a voter, who is turned away). */
async function openTracking(page: Page, signIn: SignIn, role: 'admin' | 'voter' = 'admin') {
  await signIn(role);
  await page.goto(TRACKING_PATH);
  if (role === 'voter') return;
  // The first load fetches the screen's chunk, the session and the first page: on a busy machine
  // that alone can take longer than an assertion's default wait.
  await expect(page.getByRole('heading', { level: 1, name: 'Voter Tracking' })).toBeVisible(
    FIRST_LOAD,
  );
  await expect(page.getByRole('status', { name: 'Loading payments' })).toHaveCount(0, FIRST_LOAD);
}

/** Payments all tagged with one e-mail prefix: searching for the tag isolates this test's rows. */
function tagged() {
  // Letters outside a-f keep the tag from being read as a payment-id prefix by the search.
  const tag = `trk-${randomUUID().slice(0, 8)}`;
  return { tag, email: (n: number | string) => `${tag}.${n}@example.com` };
}

async function nomination(db: Db): Promise<string> {
  const { nominations } = await createNominee(db);
  return nominations[0]!.id;
}

/** One visible control per payment, whether the screen shows the table or the phone cards. */
const copyButtons = (page: Page) => page.getByRole('button', { name: /^Copy payment ID / });

/** Text on screen; the table and the phone cards both exist, only one of them is displayed. */
const shown = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).filter({ visible: true });

/**
 * A toast, read from the notifications region: Radix's screen-reader announcement is a status too,
 * but lives only a second, so on a busy machine it may be gone before it is looked for.
 */
const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: text });

/** The payments on screen: the table on larger screens, the cards on phones. */
const results = (page: Page) =>
  page
    .getByRole('table', { name: 'Payments, newest first' })
    .or(page.getByRole('list', { name: 'Payments, newest first' }))
    .filter({ visible: true });

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search payments').fill(text);
}

/** On phones the filters fold behind a toggle; on larger screens they are always shown. */
async function showFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Show filters' });
  if (await toggle.isVisible()) await toggle.click();
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await selectOption(page.getByLabel(label, { exact: true }), option, { exact: true });
}

test.describe('voter tracking', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'searches, filters and pages through payments',
    { tag: ['@phone', '@laptop'] },
    async ({ page, db, signIn }) => {
      const nominationId = await nomination(db);
      const { tag, email } = tagged();
      for (let i = 0; i < 22; i++) {
        await createCompletedPayment(db, {
          provider: 'campay',
          votes: [{ nominationId, voteCount: 2 }],
          payment: { voterEmail: email(i), phoneNumber: `2376${String(i).padStart(8, '0')}` },
        });
      }
      for (let i = 0; i < 3; i++) {
        await createCompletedPayment(db, {
          provider: 'stripe',
          votes: [{ nominationId, voteCount: 3 }],
          payment: { voterEmail: email(`card${i}`) },
        });
      }
      await createPendingPayment(db, {
        provider: 'stripe',
        votes: [{ nominationId, voteCount: 1 }],
        payment: { voterEmail: email('attempted'), attemptedAt: new Date() },
      });

      await openTracking(page, signIn);
      await expect(page.getByRole('heading', { level: 1, name: 'Voter Tracking' })).toBeVisible();
      await search(page, tag);
      await expect(page.getByText('Showing 1–26 of 26')).toBeVisible();
      await expect(copyButtons(page)).toHaveCount(26);
      // Default page size 50: everything fits, so there is no pagination.
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
      // Summaries cover the filtered set: 22 x 200 CFA, 3 x $1.50, one attempted card payment.
      const summary = page.getByRole('region', { name: 'Summary of the filtered payments' });
      await expect(summary).toContainText('4,400 CFA');
      await expect(summary).toContainText('22 payments');
      await expect(summary).toContainText('$4.50');
      await expect(summary).toContainText('3 payments');
      await expect(shown(page, 'attempted')).toBeVisible();

      await selectOption(page.getByLabel('Rows per page'), '20', { exact: true });
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await expect(pagination).toContainText('Page 1 of 2 (26 total)');
      await expect(copyButtons(page)).toHaveCount(20);
      await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();
      await pagination.getByRole('button', { name: 'Next' }).click();
      await expect(pagination).toContainText('Page 2 of 2 (26 total)');
      await expect(copyButtons(page)).toHaveCount(6);
      await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

      // A filter goes back to page 1 and narrows the summaries too.
      await showFilters(page);
      await choose(page, 'Provider', 'Card');
      await expect(page.getByText('Showing 1–4 of 4')).toBeVisible();
      await expect(pagination).toHaveCount(0);
      await expect(summary).toContainText('0 CFA');
      await choose(page, 'Status', 'Completed');
      await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();
      await expect(page.getByText('3 active filters')).toBeVisible();

      await choose(page, 'Attempt', 'Abandoned');
      await expect(page.getByRole('heading', { name: 'No payments found' })).toBeVisible();
      await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

      await page.getByRole('button', { name: 'Reset Filters' }).click();
      await expect(page.getByLabel('Search payments')).toHaveValue('');
      await expect(page.getByText(/active filters?$/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Reset Filters' })).toBeDisabled();

      // Searching by a full e-mail finds exactly that payment.
      await search(page, email(7));
      await expect(copyButtons(page)).toHaveCount(1);
      await expect(shown(page, email(7))).toBeVisible();
      await expect(shown(page, '237600000007')).toBeVisible();
    },
  );

  test('shows and filters creation times in the chosen time zone', async ({ page, db, signIn }) => {
    const nominationId = await nomination(db);
    const { email } = tagged();
    // 23:30 UTC on 22 November is already 00:30 on 23 November in Lagos (WAT, UTC+1).
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId, voteCount: 2 }],
      payment: { voterEmail: email('late'), createdAt: new Date('2025-11-22T23:30:00Z') },
    });

    await openTracking(page, signIn);
    await search(page, email('late'));
    await expect(copyButtons(page)).toHaveCount(1);
    await expect(shown(page, '23 Nov 2025, 00:30')).toBeVisible();
    await expect(shown(page, 'Created (WAT)')).toBeVisible();

    await showFilters(page);
    await expect(page.getByLabel('Time zone')).toHaveText(/WAT \(UTC\+1\)/);
    // The day filter is read in the zone too: in WAT the payment is on the 23rd, not the 22nd.
    await page.getByLabel('From date').fill('2025-11-22');
    await page.getByLabel('To date').fill('2025-11-22');
    await expect(page.getByRole('heading', { name: 'No payments found' })).toBeVisible();

    await choose(page, 'Time zone', 'UTC');
    await expect(shown(page, '22 Nov 2025, 23:30')).toBeVisible();
    await expect(copyButtons(page)).toHaveCount(1);

    // The choice is remembered for the next visit.
    expect(await page.evaluate(() => localStorage.getItem('adminVoterTimezone'))).toBe('UTC');
    await page.reload();
    await search(page, email('late'));
    await expect(shown(page, '22 Nov 2025, 23:30')).toBeVisible();
    await showFilters(page);
    await choose(page, 'Time zone', 'PT (UTC-8)');
    await expect(shown(page, '22 Nov 2025, 15:30')).toBeVisible();
  });

  test('exports the filtered payments as CSV', async ({ page, db, signIn }) => {
    const nominationId = await nomination(db);
    const { tag, email } = tagged();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const payment = await createCompletedPayment(db, {
        provider: 'campay',
        votes: [{ nominationId, voteCount: 1 + i }],
        payment: { voterEmail: email(i), phoneNumber: `23767000000${i}` },
      });
      ids.push(payment.id);
    }

    await openTracking(page, signIn);
    await search(page, tag);
    await expect(copyButtons(page)).toHaveCount(3);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^voter-tracking-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(toast(page, 'Exported 3 records to CSV')).toBeVisible();

    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    // Newest first, like the screen.
    const rows = lines.slice(1);
    expect(rows.map((line) => line.split(',')[0])).toEqual([...ids].reverse());
    // The Refunded column, empty for a payment nothing was refunded from, follows the amount.
    expect(rows[2]).toContain(`,campay,100 CFA,,${email(0)},237670000000,`);
    expect(rows[2]).toContain(',completed,');
  });

  test('copies a payment id and opens its receipt', async ({ page, context, db, signIn }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const nominationId = await nomination(db);
    const { email } = tagged();
    const payment = await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [{ nominationId, voteCount: 4 }],
      payment: { voterEmail: email('paid') },
    });
    const abandoned = await createPendingPayment(db, {
      provider: 'campay',
      votes: [{ nominationId, voteCount: 1 }],
      payment: { phoneNumber: '237690000001' },
    });

    await openTracking(page, signIn);
    await search(page, email('paid'));
    await expect(copyButtons(page)).toHaveCount(1);
    const shortId = payment.id.slice(0, 8);
    await expect(shown(page, shortId)).toBeVisible();
    await expect(results(page).getByText('$2.00', { exact: true })).toBeVisible();
    await expect(shown(page, 'completed')).toBeVisible();

    await page.getByRole('button', { name: `Copy payment ID ${shortId}` }).click();
    await expect(toast(page, 'Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payment.id);

    const receipt = page.getByRole('link', { name: /^Open receipt/ });
    await expect(receipt).toHaveAttribute('target', '_blank');
    await expect(receipt).toHaveAttribute('rel', 'noopener');
    const opening = page.waitForEvent('popup');
    await receipt.click();
    const popup = await opening;
    await expect(popup).toHaveURL(`/my-receipts?code=${payment.receiptCode}`);
    await popup.close();

    // A payment never started shows as abandoned, with 'No email' and no receipt link.
    await search(page, abandoned.id.slice(0, 8));
    await expect(shown(page, 'abandoned')).toBeVisible();
    await expect(shown(page, 'No email')).toBeVisible();
    await expect(shown(page, '237690000001')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open receipt/ })).toHaveCount(0);
  });

  test('checks pending Campay payments', async ({ page, signIn, allowConsole }) => {
    await openTracking(page, signIn);
    // This server's own scheduled check runs every 2 s over every spec's pending payments; one that
    // outlasts the button's wait is answered 409 "already running", and the admin tries again.
    allowConsole({ text: /status of 409/, url: /\/api\/admin\/check-campay-payments$/ });
    const checked = toast(page, /Checked \d+ payments, updated \d+ statuses/);
    const busy = toast(page, 'A payment check is already running. Try again in a minute.');
    await expect(async () => {
      if (await busy.count())
        await busy.getByRole('button', { name: 'Dismiss notification' }).first().click();
      await page.getByRole('button', { name: 'Check Campay Payments' }).click();
      await expect(checked.or(busy)).toBeVisible({ timeout: 15_000 });
      await expect(checked).toBeVisible({ timeout: 1 });
    }).toPass({ timeout: 45_000 });
  });

  test('reads in French', async ({ page, db, signIn }) => {
    const nominationId = await nomination(db);
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId, voteCount: 2 }],
    });
    const card = await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [{ nominationId, voteCount: 2 }],
    });
    await openTracking(page, signIn);
    await setLanguage(page, 'fr');
    // A reload: the screen's chunk, the session and the payments are asked again.
    await expect(page.getByRole('heading', { level: 1, name: 'Suivi des votants' })).toBeVisible(
      FIRST_LOAD,
    );
    await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeEnabled();
    await expect(page.getByLabel('Rechercher des paiements')).toBeVisible();
    // Amounts written the French way, as on every other French screen ('1,00 $US', not '$1.00').
    await page.getByLabel('Rechercher des paiements').fill(card.id.slice(0, 8));
    const frenchDollar = page.getByText(/^1,00\s\$US$/).filter({ visible: true });
    // The card revenue summary of the filtered set, and the payment's own row or card.
    await expect(frenchDollar).toHaveCount(2);
  });

  for (const language of ['en', 'fr'] as const) {
    const t = {
      en: {
        refund: /^Refund/,
        dialog: /Refund payment/,
        amount: /Amount to refund/,
        reason: /Reason/,
        submit: 'Refund',
        done: 'Refunded $0.50 in total',
        refundedOf: '$0.50 of $2.00 refunded',
        activity: 'Payment refunded',
      },
      fr: {
        refund: /^Rembourser/,
        dialog: /Rembourser le paiement/,
        amount: /Montant à rembourser/,
        reason: /Motif/,
        submit: 'Rembourser',
        done: /^0,50\s\$US remboursés au total$/,
        refundedOf: /^0,50\s\$US sur 2,00\s\$US remboursés$/,
        activity: 'Paiement remboursé',
      },
    }[language];

    test(
      `refunds part of a card payment; the tally drops and the audit trail says why (${language})`,
      { tag: language === 'fr' ? ['@phone'] : [] },
      async ({ page, db, signIn }) => {
        const nominationId = await nomination(db);
        const { tag, email } = tagged();
        // A sandbox card payment (the e2e app has no Stripe keys): its refund is made at once.
        const id = randomUUID();
        await createCompletedPayment(db, {
          provider: 'stripe',
          votes: [{ nominationId, voteCount: 4 }],
          payment: {
            id,
            voterEmail: email('card'),
            providerRef: `sandbox_pi_${id.replace(/-/g, '')}`,
          },
        });
        expect(await nominationVotes(db, nominationId)).toBe(4);
        await openTracking(page, signIn);
        if (language === 'fr') await setLanguage(page, 'fr');
        await page
          .getByLabel(language === 'fr' ? 'Rechercher des paiements' : 'Search payments')
          .fill(tag);
        await expect(
          page.getByRole('button', { name: /^(Copy payment ID|Copier l'identifiant) / }),
        ).toHaveCount(1);

        await page.getByRole('button', { name: t.refund }).filter({ visible: true }).click();
        const dialog = page.getByRole('dialog', { name: t.dialog });
        await dialog.getByLabel(t.amount).fill(language === 'fr' ? '0,50' : '0.50');
        await dialog.getByLabel(t.reason).fill('Charged twice by the bank');
        await dialog.getByRole('button', { name: t.submit, exact: true }).click();
        await expect(
          page.getByRole('region', { name: /^Notifications/ }).getByText(t.done),
        ).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await expect(page.getByText(t.refundedOf).filter({ visible: true })).toBeVisible();
        // One vote of four went with the money.
        expect(await nominationVotes(db, nominationId)).toBe(3);

        await page.goto('/admin?tab=activity');
        const entry = page.getByText(t.activity).first();
        await expect(entry).toBeVisible(FIRST_LOAD);
      },
    );
  }

  for (const language of ['en', 'fr'] as const) {
    const t = {
      en: {
        link: 'Review in voter tracking',
        search: 'Search payments',
        copy: /^Copy payment ID /,
        badge: 'needs review',
        review: /^Review [0-9a-f]{8}$/,
        refund: /^Refund [0-9a-f]{8}$/,
        refundDialog: /Refund payment/,
        cancel: 'Cancel',
        dialog: /Review payment/,
        reason: /Reason/,
        submit: 'Credit the votes',
        done: '2 votes credited',
        empty: 'No payments found',
      },
      fr: {
        link: 'Vérifier dans le suivi des votants',
        search: 'Rechercher des paiements',
        copy: /^Copier l'identifiant /,
        badge: 'à vérifier',
        review: /^Vérifier [0-9a-f]{8}$/,
        refund: /^Rembourser [0-9a-f]{8}$/,
        refundDialog: /Rembourser le paiement/,
        cancel: 'Annuler',
        dialog: /Vérifier le paiement/,
        reason: /Motif/,
        submit: 'Créditer les votes',
        done: '2 votes crédités',
        empty: 'Aucun paiement trouvé',
      },
    }[language];

    test(
      `lists the payments waiting for review and credits one (${language})`,
      { tag: language === 'en' ? ['@phone'] : [] },
      async ({ page, db, signIn }) => {
        const nominationId = await nomination(db);
        const { tag, email } = tagged();
        const held = await createPendingPayment(db, {
          provider: 'campay',
          votes: [{ nominationId, voteCount: 2 }],
          payment: { voterEmail: email('review') },
        });
        await settlePayment(db, held.id, { status: 'completed', amount: 300, currency: 'XAF' });
        await openTracking(page, signIn);
        // The dashboard says there is money to look at, and its link opens the filtered list.
        await page.goto('/admin');
        if (language === 'fr') await setLanguage(page, 'fr');
        await page.getByRole('link', { name: t.link }).click();
        await expect(page).toHaveURL(/status=needs_review/);
        await page.getByLabel(t.search).fill(tag);
        await expect(page.getByRole('button', { name: t.copy })).toHaveCount(1);
        await expect(shown(page, t.badge)).toBeVisible();
        // Its other action: all the money received would go back, with no amount to type.
        await page.getByRole('button', { name: t.refund }).filter({ visible: true }).click();
        const refund = page.getByRole('dialog', { name: t.refundDialog });
        await expect(refund).toContainText(/300\sCFA/);
        await refund.getByRole('button', { name: t.cancel }).click();
        await expect(refund).toHaveCount(0);
        await page.getByRole('button', { name: t.review }).filter({ visible: true }).click();
        const dialog = page.getByRole('dialog', { name: t.dialog });
        await expect(dialog).toContainText(/300\sCFA/);
        await dialog.getByLabel(t.reason).fill('The voter paid 100 CFA too much');
        await dialog.getByRole('button', { name: t.submit }).click();
        await expect(
          page.getByRole('region', { name: /^Notifications/ }).getByText(t.done),
        ).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await expect.poll(() => nominationVotes(db, nominationId)).toBe(2);
        // Credited, it leaves the list of payments waiting for review.
        await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      },
    );
  }

  for (const language of ['en', 'fr'] as const) {
    const t = {
      en: {
        search: 'Search payments',
        copy: /^Copy payment ID /,
        messages: /^Messages [0-9a-f]{8}$/,
        dialog: /Messages of payment/,
        list: 'Messages, newest first',
        states: /^(queued|kept here, not sent)$/,
        resend: 'Resend receipt',
        done: 'Receipt sent again by SMS, E-mail',
        activity: 'Receipt sent again',
      },
      fr: {
        search: 'Rechercher des paiements',
        copy: /^Copier l'identifiant /,
        messages: /^Messages [0-9a-f]{8}$/,
        dialog: /Messages du paiement/,
        list: 'Messages, du plus récent au plus ancien',
        states: /^(en file|gardé ici, non envoyé)$/,
        resend: 'Renvoyer le reçu',
        done: 'Reçu renvoyé par SMS, E-mail',
        activity: 'Reçu renvoyé',
      },
    }[language];

    test(
      `shows a payment's messages and sends its receipt again (${language})`,
      { tag: language === 'fr' ? ['@phone'] : [] },
      async ({ page, db, signIn }) => {
        const nominationId = await nomination(db);
        const { tag, email } = tagged();
        // The receipt goes to the server's outbox, which its own worker delivers (sandbox).
        const outbox: MessageOutbox = { publicUrl: BASE_URL, written: () => undefined };
        await createCompletedPayment(db, {
          provider: 'campay',
          votes: [{ nominationId, voteCount: 2 }],
          payment: { voterEmail: email('messages'), phoneNumber: '237677001122' },
          outbox,
        });
        await openTracking(page, signIn);
        if (language === 'fr') await setLanguage(page, 'fr');
        await page.getByLabel(t.search).fill(tag);
        await expect(page.getByRole('button', { name: t.copy })).toHaveCount(1);
        await page.getByRole('button', { name: t.messages }).filter({ visible: true }).click();
        const dialog = page.getByRole('dialog', { name: t.dialog });
        const items = dialog.getByRole('list', { name: t.list }).getByRole('listitem');
        await expect(items).toHaveCount(2);
        await expect(items.filter({ hasText: '+237677001122' })).toHaveCount(1);
        await expect(items.filter({ hasText: email('messages') })).toHaveCount(1);
        for (const item of await items.all()) {
          await expect(item.getByText(t.states)).toBeVisible();
        }
        await dialog.getByRole('button', { name: t.resend }).click();
        await expect(
          page.getByRole('region', { name: /^Notifications/ }).getByText(t.done),
        ).toBeVisible();
        await expect(items).toHaveCount(4);

        await page.goto('/admin?tab=activity');
        await expect(page.getByText(t.activity).first()).toBeVisible(FIRST_LOAD);
      },
    );
  }

  test('shows the screen to admins in English', async ({ page, db, signIn }) => {
    const nominationId = await nomination(db);
    for (const provider of ['campay', 'stripe'] as const) {
      await createCompletedPayment(db, { provider, votes: [{ nominationId, voteCount: 2 }] });
    }
    await openTracking(page, signIn);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('shows nothing to a signed-in voter who is not an admin', async ({ page, signIn }) => {
    // Records whether any of the screen's content was ever drawn on the tracking path, however
    // briefly, before the guard sends the visitor home. (The app's generic loading shell, shown
    // while the screen's code downloads and before anyone is known, carries nothing of it.)
    await page.addInitScript((path) => {
      const seen = { content: false };
      Object.assign(window, { trackingSeen: seen });
      new MutationObserver(() => {
        if (
          location.pathname === path &&
          document.querySelector('main h1, main input, main table')
        ) {
          seen.content = true;
        }
      }).observe(document, { childList: true, subtree: true });
    }, TRACKING_PATH);
    await openTracking(page, signIn, 'voter');
    await expect(toast(page, 'Admin access required. Redirecting...')).toBeVisible();
    await expect(page).toHaveURL('/categories');
    const seen = await page.evaluate(
      () => (window as unknown as { trackingSeen: { content: boolean } }).trackingSeen.content,
    );
    expect(seen, 'tracking content drawn for a non-admin').toBe(false);
  });
});
