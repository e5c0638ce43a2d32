import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { paymentVotes, payments } from '#server/db/schema.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { expect, FIRST_LOAD, test } from './fixtures.js';
import {
  checkUntil,
  checkUntilSettled,
  isStatusCheck,
  pendingPaymentId,
  recordStatusChecks,
  startPayment,
} from './status-checks.js';

type Db = Parameters<typeof createCategory>[0];
type Language = 'en' | 'fr';

/** The texts the flows below read, in both languages (the app's own locale files are the source). */
const TEXT = {
  en: {
    voteNow: 'Vote Now',
    card: 'Card',
    digit1: 'Digit 1 of 9',
    email: 'Email',
    pay: (amount: string) => `Pay ${amount}`,
    checkPhone: 'Check your phone',
    waiting: 'Waiting for transaction...',
    votes: (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`,
    close: 'Close',
    confirmTitle: 'Have you saved your screenshot?',
    screenshotFirst: 'Let me screenshot first',
    saved: 'Yes, I saved it',
    useCard: 'Use test card 4242 4242 4242 4242',
    xaf: (n: number) => `${n.toLocaleString('en-US')} CFA`,
    usd: (cents: number) => `$${(cents / 100).toFixed(2)}`,
  },
  fr: {
    voteNow: 'Voter maintenant',
    card: 'Carte',
    digit1: 'Chiffre 1 sur 9',
    email: 'E-mail',
    pay: (amount: string) => `Payer ${amount}`,
    checkPhone: 'Regardez votre téléphone',
    waiting: 'En attente de la transaction...',
    votes: (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`,
    close: 'Fermer',
    confirmTitle: "Avez-vous enregistré votre capture d'écran\u00a0?",
    screenshotFirst: "Je fais d'abord une capture",
    saved: "Oui, c'est enregistré",
    useCard: 'Utiliser la carte de test 4242 4242 4242 4242',
    xaf: (n: number) => `${new Intl.NumberFormat('fr-FR').format(n)} CFA`,
    usd: (cents: number) =>
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(cents / 100),
  },
} as const;

/** A nominee in two fresh categories: each test owns its data, so tests run in parallel. */
async function nomineeInTwoCategories(db: Db) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const first = await createCategory(db, {
    name: `Best Makossa ${suffix}`,
    nameFr: `Meilleur makossa ${suffix}`,
  });
  const second = await createCategory(db, {
    name: `Song of the Year ${suffix}`,
    nameFr: `Chanson de l'année ${suffix}`,
  });
  const { artist, nominations } = await createNominee(db, {
    categoryIds: [first.id, second.id],
    artist: {
      name: `Ama Fotso ${suffix}`,
      bio: 'Soul singer from Bafoussam.',
      bioFr: 'Chanteuse soul de Bafoussam.',
    },
  });
  return { first, second, artist, nominations };
}

/** A phone no other test uses: MTN prefix 67, not one of the sandbox's scripted numbers. */
function freshMtnPhone(): string {
  return `678${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

/** The page in `language`, on Playwright's clock so its status checks are driven, not waited. */
async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await page.clock.install();
}

/** Arrives at checkout the way a voter does: Vote Now on the nominee's card. */
async function openCheckout(page: Page, categoryId: string, language: Language = 'en') {
  await page.goto(`/category/${categoryId}`);
  await page.getByTestId('artist-card').getByRole('link', { name: TEXT[language].voteNow }).click();
  await expect(page).toHaveURL(/\/checkout\?artist=/);
  await expect(page.getByTestId('total-votes')).toBeVisible();
}

/**
 * One toast with its title and, when given, its description (shown for 5 s). Read from the
 * notifications region: Radix's screen-reader announcement is a status too, but lives only 1 s.
 */
const toast = (page: Page, title: string, description?: string) => {
  const withTitle = page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: title });
  return description ? withTitle.filter({ hasText: description }) : withTitle;
};

async function paymentByReceipt(db: Db, receiptCode: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.receiptCode, receiptCode));
  expect(payment, `payment with receipt ${receiptCode}`).toBeDefined();
  const votes = await db.select().from(paymentVotes).where(eq(paymentVotes.paymentId, payment!.id));
  return { payment: payment!, votes };
}

/** Closing the receipt asks first; 'Let me screenshot first' keeps it open. */
async function closeReceiptWithConfirmation(page: Page, language: Language) {
  const t = TEXT[language];
  const modal = page.getByTestId('receipt-modal');
  // The big Close button; the corner X has the same name and comes after it.
  await modal.getByRole('button', { name: t.close, exact: true }).first().click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: t.confirmTitle })).toBeVisible();
  await confirm.getByRole('button', { name: t.screenshotFirst }).click();
  await expect(confirm).toBeHidden();
  await expect(modal).toBeVisible();
  // Escape is a way out too, and asks the same question.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: t.saved }).click();
  await expect(modal).toBeHidden();
}

test.describe('checkout', () => {
  for (const language of ['en', 'fr'] as const) {
    test(
      `pays by sandbox mobile money and shows the receipt (${language})`,
      {
        tag: '@phone',
      },
      async ({ page, db }) => {
        const t = TEXT[language];
        await useLanguage(page, language);
        const { first, second, artist, nominations } = await nomineeInTwoCategories(db);
        await openCheckout(page, first.id, language);

        // Artist photo placeholder, name, bio; two steppers at the default 2 votes.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.name);
        await expect(page.getByText(language === 'en' ? artist.bio! : artist.bioFr!)).toBeVisible();
        const steppers = page.getByRole('textbox', {
          name: language === 'en' ? /^Votes in/ : /^Votes dans/,
        });
        await expect(steppers).toHaveCount(2);
        await expect(steppers.nth(0)).toHaveValue('2');
        await expect(page.getByTestId('total-votes')).toHaveText(
          language === 'en' ? '4 votes' : '4 votes',
        );
        await expect(page.getByText(t.xaf(400)).first()).toBeVisible();
        await expect(page.getByText(t.usd(200)).first()).toBeVisible();

        // 3 + 2 votes: 500 CFA.
        await page
          .getByRole('button', {
            name: language === 'en' ? /^Add a vote in/ : /^Ajouter un vote dans/,
          })
          .first()
          .click();
        await expect(page.getByTestId('total-votes')).toHaveText('5 votes');
        const phone = freshMtnPhone();
        await page.getByLabel(t.digit1).pressSequentially(phone);
        const paymentId = await startPayment(
          page,
          page.getByRole('button', { name: t.pay(t.xaf(500)) }),
        );

        const overlay = page.getByTestId('mobile-money-overlay');
        await expect(overlay.getByRole('heading', { name: t.checkPhone })).toBeVisible();
        await expect(overlay.getByText(t.waiting)).toBeVisible();
        await expect.poll(() => pendingPaymentId(page)).not.toBeNull();
        // Leaving now would lose sight of the payment: the page asks first.
        const warns = await page.evaluate(() => {
          const event = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        });
        expect(warns).toBe(true);

        // First check at once (still pending: the sandbox settles after its delay), the next after 8 s.
        const modal = page.getByTestId('receipt-modal');
        await checkUntilSettled(page, db, paymentId, modal);
        await expect(modal.getByTestId('receipt-artist')).toHaveText(artist.name);
        await expect(modal.getByTestId('receipt-total')).toHaveText(t.votes(5));
        await expect(modal).toContainText(language === 'en' ? first.name : first.nameFr!);
        await expect(modal).toContainText(language === 'en' ? second.name : second.nameFr!);
        const code = (await modal.getByTestId('receipt-code').textContent()) ?? '';
        expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
        expect(await pendingPaymentId(page)).toBeNull();

        // Counted exactly as chosen, on the number typed, in XAF.
        const { payment, votes } = await paymentByReceipt(db, code);
        expect(payment).toMatchObject({
          status: 'completed',
          provider: 'campay',
          currency: 'XAF',
          amount: 500,
          totalVotes: 5,
          phoneNumber: `237${phone}`,
        });
        expect(votes.map((v) => [v.nominationId, v.voteCount]).sort()).toEqual(
          [
            [nominations[0]!.id, 3],
            [nominations[1]!.id, 2],
          ].sort(),
        );

        await closeReceiptWithConfirmation(page, language);
        await expect(page).toHaveURL(/\/categories$/);
      },
    );
  }

  test(
    'reports a sandbox mobile-money failure and lets the voter pay again',
    { tag: '@phone' },
    async ({ page, db }) => {
      await useLanguage(page, 'en');
      const { first } = await nomineeInTwoCategories(db);
      await openCheckout(page, first.id);
      // Scripted by the sandbox: fails after the settle delay (insufficient balance).
      await page.getByRole('button', { name: 'Use test number 237 670 000 001' }).click();
      await expect(page.getByLabel('Digit 9 of 9')).toHaveValue('1');
      const paymentId = await startPayment(page, page.getByRole('button', { name: 'Pay 400 CFA' }));

      // Why first, as the sandbox (like Campay) said it, then the generic text.
      await checkUntilSettled(
        page,
        db,
        paymentId,
        toast(
          page,
          'Payment Failed',
          'Your mobile money balance was too low for this payment. Your payment could not be processed. Please try again.',
        ),
      );
      await expect(page.getByTestId('mobile-money-overlay')).toBeHidden();
      expect(await pendingPaymentId(page)).toBeNull();
      // The form is back, the number still typed.
      await expect(page.getByRole('button', { name: 'Pay 400 CFA' })).toBeEnabled();
      await expect(page.getByLabel('Digit 1 of 9')).toHaveValue('6');
    },
  );

  test('says in French that the prompt was declined on the phone', async ({ page, db }) => {
    await useLanguage(page, 'fr');
    const { first } = await nomineeInTwoCategories(db);
    await openCheckout(page, first.id, 'fr');
    // Scripted by the sandbox: fails after the settle delay (declined on the phone).
    await page.getByLabel(TEXT.fr.digit1).pressSequentially('690000002');
    const paymentId = await startPayment(
      page,
      page.getByRole('button', { name: TEXT.fr.pay(TEXT.fr.xaf(400)) }),
    );
    await checkUntilSettled(
      page,
      db,
      paymentId,
      toast(
        page,
        'Échec du paiement',
        "La demande de paiement a été refusée sur votre téléphone. Votre paiement n'a pas pu être traité. Veuillez réessayer.",
      ),
    );
  });

  for (const [language, title, reason] of [
    ['en', 'Payment Error', 'This phone number is not a valid mobile-money number'],
    ['fr', 'Erreur de paiement', "Ce numéro n'est pas un numéro mobile money valide"],
  ] as const) {
    test(`shows the provider refusal at once, in the site's language (${language})`, async ({
      page,
      db,
      allowConsole,
    }) => {
      allowConsole({ text: /status of 422/, url: /\/api\/campay-payment$/ });
      const t = TEXT[language];
      await useLanguage(page, language);
      const { first } = await nomineeInTwoCategories(db);
      await openCheckout(page, first.id, language);
      await page.getByLabel(t.digit1).pressSequentially('690000004');
      await page.getByRole('button', { name: t.pay(t.xaf(400)) }).click();
      await expect(toast(page, title, reason)).toBeVisible();
      await expect(page.getByTestId('mobile-money-overlay')).toBeHidden();
      expect(await pendingPaymentId(page)).toBeNull();
    });
  }

  test('resumes a pending payment after a reload', async ({ page, db }) => {
    await useLanguage(page, 'en');
    const { first } = await nomineeInTwoCategories(db);
    await openCheckout(page, first.id);
    await page.getByLabel('Digit 1 of 9').pressSequentially(freshMtnPhone());
    const paymentId = await startPayment(page, page.getByRole('button', { name: 'Pay 400 CFA' }));
    await expect.poll(() => pendingPaymentId(page)).toBe(paymentId);

    // Reload before the payment settles: the page asks about it again at once, then on schedule.
    page.on('dialog', (dialog) => void dialog.accept());
    const checked = page.waitForRequest((request) =>
      request.url().endsWith(`/api/payment/${paymentId}/status`),
    );
    await page.reload();
    await checked;

    const modal = page.getByTestId('receipt-modal');
    await checkUntilSettled(page, db, paymentId, modal);
    await expect(modal.getByTestId('receipt-total')).toHaveText('4 votes');
    expect(await pendingPaymentId(page)).toBeNull();
  });

  test(
    'asks whether the transaction was completed after 11 checks, and Try Again clears it',
    {
      tag: '@phone',
    },
    async ({ page, db }) => {
      await useLanguage(page, 'en');
      const { first } = await nomineeInTwoCategories(db);
      await openCheckout(page, first.id);
      // Scripted by the sandbox: never completes.
      await page.getByRole('button', { name: 'Use test number 237 670 000 003' }).click();
      const paymentId = await startPayment(page, page.getByRole('button', { name: 'Pay 400 CFA' }));
      await expect.poll(() => pendingPaymentId(page)).toBe(paymentId);

      // A reload picks the payment up again, status first.
      page.on('dialog', (dialog) => void dialog.accept());
      const checks = recordStatusChecks(page);
      const atOnce = page.waitForRequest(isStatusCheck);
      await page.reload();
      await atOnce;
      const status = page.getByTestId('polling-status').first();
      await expect(status).toHaveText('Waiting for transaction...');
      expect(await pendingPaymentId(page)).toBe(paymentId);
      await expect(page.getByRole('button', { name: 'Pay 400 CFA' })).toBeHidden();

      // 8 s, 2 s x 6, 2.5 s x 4: the panel comes with the 11th check after the one made at once.
      const panel = page.getByTestId('transaction-check-panel');
      await checkUntil(page, panel);
      expect(checks).toHaveLength(12);
      // On a phone it appears below the status: it is brought up, not left under the fold.
      await expect(panel).toBeInViewport({ ratio: 1 });
      await expect(panel.getByRole('heading')).toHaveText('Did you complete the transaction?');
      await expect(status).toHaveText('Taking longer than expected...');

      // Check Status starts over: an immediate check and the panel gone until 11 more checks pass.
      checks.length = 0;
      const again = page.waitForRequest(isStatusCheck);
      await panel.getByRole('button', { name: 'Check Status' }).click();
      await again;
      await expect(panel).toBeHidden();
      await checkUntil(page, panel);
      expect(checks).toHaveLength(12);
      await panel.getByRole('button', { name: 'Try Again' }).click();
      await expect(panel).toBeHidden();
      expect(await pendingPaymentId(page)).toBeNull();
      await expect(page.getByRole('button', { name: 'Pay 400 CFA' })).toBeEnabled();
    },
  );

  for (const language of ['en', 'fr'] as const) {
    test(
      `pays by sandbox card (${language})`,
      { tag: language === 'fr' ? ['@phone'] : [] },
      async ({ page, db }) => {
        const t = TEXT[language];
        await useLanguage(page, language);
        const { first, artist } = await nomineeInTwoCategories(db);
        await openCheckout(page, first.id, language);
        await page.getByText(t.card, { exact: true }).click();
        await expect(page.getByTestId('sandbox-notice')).toContainText(
          language === 'en' ? 'Sandbox mode — no real money is charged' : 'Mode test',
        );
        const email = `card-${Date.now()}-${language}@example.com`;
        await page.getByLabel(t.email, { exact: true }).fill(email);
        await page.getByRole('button', { name: t.useCard }).click();
        await page.getByRole('button', { name: t.pay(t.usd(200)) }).click();

        const modal = page.getByTestId('receipt-modal');
        await expect(modal).toBeVisible();
        await expect(modal.getByTestId('receipt-artist')).toHaveText(artist.name);
        await expect(modal.getByTestId('receipt-total')).toHaveText(t.votes(4));
        const code = (await modal.getByTestId('receipt-code').textContent()) ?? '';

        const { payment } = await paymentByReceipt(db, code);
        expect(payment).toMatchObject({
          status: 'completed',
          provider: 'stripe',
          currency: 'USD',
          amount: 200,
          totalVotes: 4,
          voterEmail: email,
        });
        expect(payment.attemptedAt).not.toBeNull();
      },
    );
  }

  test('a declined card says why, and another card pays the same payment', async ({
    page,
    db,
    allowConsole,
  }) => {
    // The sandbox answers a declined card as Stripe does: 402.
    allowConsole({ text: /status of 402/, url: /\/api\/sandbox\/card-confirm$/ });
    const { first } = await nomineeInTwoCategories(db);
    await openCheckout(page, first.id);
    await page.getByText('Card', { exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill(`declined-${Date.now()}@example.com`);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry date').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $2.00' }).click();

    await expect(toast(page, 'Payment Failed', 'Your card was declined.')).toBeVisible();
    await expect(page.getByTestId('receipt-modal')).toBeHidden();

    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay $2.00' }).click();
    const modal = page.getByTestId('receipt-modal');
    await expect(modal).toBeVisible();
    const code = (await modal.getByTestId('receipt-code').textContent()) ?? '';
    const { payment } = await paymentByReceipt(db, code);
    expect(payment).toMatchObject({ status: 'completed', amount: 200 });
  });

  test('updates the same card payment when the split changes', async ({ page, db }) => {
    const { first } = await nomineeInTwoCategories(db);
    await openCheckout(page, first.id);
    const created = page.waitForResponse('**/api/create-payment-intent-multi');
    await page.getByText('Card', { exact: true }).click();
    const { paymentId } = (await (await created).json()) as { paymentId: string };

    const updated = page.waitForRequest('**/api/create-payment-intent-multi');
    await page
      .getByRole('button', { name: /^Add a vote in/ })
      .first()
      .click();
    const body = (await updated).postDataJSON() as { paymentId: string; totalVotes: number };
    expect(body).toMatchObject({ paymentId, totalVotes: 5 });

    const email = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().endsWith(`/${paymentId}/email`),
    );
    await page.getByLabel('Email', { exact: true }).fill('split@example.com');
    expect((await email).postDataJSON()).toEqual({ voterEmail: 'split@example.com' });
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'pending', amount: 250, totalVotes: 5 });
  });

  test('checks votes, phone and e-mail before paying', async ({ page, db }) => {
    const { first } = await nomineeInTwoCategories(db);
    await openCheckout(page, first.id);
    await page.getByRole('button', { name: 'Pay 400 CFA' }).click();
    await expect(
      toast(
        page,
        'Phone Number Required',
        'Please enter all 9 digits of your mobile money phone number.',
      ),
    ).toBeVisible();

    // Minus stops at 0; with no votes there is nothing to pay.
    const remove = page.getByRole('button', { name: /^Remove a vote in/ });
    for (let i = 0; i < 2; i++) {
      await remove.nth(0).click();
      await remove.nth(1).click();
    }
    await expect(remove.nth(0)).toBeDisabled();
    await expect(page.getByTestId('total-votes')).toHaveText('0 votes');
    await expect(page.getByRole('button', { name: 'Pay 0 CFA' })).toBeDisabled();

    // Typed values are clamped to 100, where plus stops.
    const input = page.getByRole('textbox', { name: /^Votes in/ }).first();
    await input.fill('150');
    await expect(input).toHaveValue('100');
    await expect(page.getByRole('button', { name: /^Add a vote in/ }).first()).toBeDisabled();

    await page.getByText('Card', { exact: true }).click();
    await page.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }).click();
    await page.getByRole('button', { name: 'Pay $50.00' }).click();
    // Said beside the field, which takes the focus (Pay is far below it on a phone).
    const email = page.getByRole('textbox', { name: /e-?mail/i });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Please enter your email address to complete payment.'),
    ).toBeInViewport();
  });

  test('sends visitors without a usable artist home', async ({ page, db }) => {
    // Toasts last 5 s once shown: look as soon as the page starts, and give the first load (code,
    // strings, then the toaster's own code) the room a busy machine needs.
    await page.goto('/checkout', { waitUntil: 'commit' });
    await expect(
      toast(page, 'No Selection', 'Please select an artist to vote for first.'),
    ).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveURL(/\/categories$/);

    await page.goto(`/checkout?artist=${encodeURIComponent('{not json')}`, { waitUntil: 'commit' });
    await expect(
      toast(page, 'Invalid Data', 'Invalid artist data. Redirecting to home.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/categories$/);

    const { artist } = await createNominee(db, { categoryIds: [] });
    const lonely = { id: artist.id, name: artist.name, categories: [] };
    await page.goto(`/checkout?artist=${encodeURIComponent(JSON.stringify(lonely))}`, {
      waitUntil: 'commit',
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Categories');
    await expect(
      toast(page, 'No Categories', 'This artist needs to be nominated in a category first.'),
    ).toBeVisible();
  });
});
