import type { Page, Request } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { payments } from '#server/db/schema.js';
import { createCategory, createNominee } from '#test/factories/catalog-factory.js';
import { fakeStripeJsSource } from '#test/fakes/fake-stripe-js.js';
import { expect, test } from './fixtures.js';

/**
 * The card path as production runs it: the server in live card mode (Stripe keys, its API at the
 * fake Stripe), the page loading Stripe.js from js.stripe.com and calling api.stripe.com and
 * hooks.stripe.com. Playwright answers those three origins locally (the fake Stripe.js, and the
 * fake Stripe API forwarded to on 127.0.0.1), so nothing leaves the machine, and the page's
 * Content-Security-Policy is the production one, checked against what the path loads.
 */
const CARD_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 4}`;
const FAKE_STRIPE_API = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 3}`;

const TEXT = {
  en: {
    voteNow: 'Vote Now',
    card: 'Card',
    email: 'Email',
    number: 'Card number',
    expiry: 'Expiration date',
    cvc: 'Security code',
    pay: /^Pay /,
    failed: 'Payment Failed',
    declined: 'Your card was declined.',
    challenge: '3D Secure authentication',
  },
  fr: {
    voteNow: 'Voter maintenant',
    card: 'Carte',
    email: 'E-mail',
    number: 'Numéro de carte',
    expiry: "Date d'expiration",
    cvc: 'Code de sécurité',
    pay: /^Payer /,
    failed: 'Échec du paiement',
    declined: 'Your card was declined.',
    challenge: 'Authentification 3D Secure',
  },
} as const;

type Language = keyof typeof TEXT;

/** Stripe's three origins answered locally; every request to them is recorded. */
async function routeStripe(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (/^https:\/\/[a-z]+\.stripe\.com\//.test(request.url())) seen.push(request);
  });
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: fakeStripeJsSource }),
  );
  const forward = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${FAKE_STRIPE_API}${url.pathname}${url.search}` });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  };
  await page.route('https://api.stripe.com/**', forward);
  await page.route('https://hooks.stripe.com/**', forward);
  return seen;
}

/** The policy's directives, each a set of sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function nominee(db: Parameters<typeof createCategory>[0]) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const category = await createCategory(db, {
    name: `Card Category ${suffix}`,
    nameFr: `Catégorie carte ${suffix}`,
  });
  await createNominee(db, {
    categoryIds: [category.id],
    artist: { name: `Card Artist ${suffix}`, bio: 'Bio.', bioFr: 'Bio.' },
  });
  return category;
}

async function fillCard(page: Page, language: Language, number: string) {
  const t = TEXT[language];
  await page.getByLabel(t.number).fill(number);
  await page.getByLabel(t.expiry).fill('12 / 39');
  await page.getByLabel(t.cvc).fill('123');
}

const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: title });

test.describe('card checkout with Stripe.js', () => {
  for (const language of ['en', 'fr'] as const) {
    test(`pays, is declined, fails and passes 3-D Secure (${language})`, async ({
      page,
      db,
      allowConsole,
    }) => {
      const t = TEXT[language];
      // The decline is Stripe's 402 to the confirm request, which Chrome reports.
      allowConsole({ text: /status of 402/, url: /api\.stripe\.com/ });
      // The page only: the issuer's challenge frame is another site, without our storage.
      await page.addInitScript((lang) => {
        if (window.top === window) localStorage.setItem('language', lang);
      }, language);
      const stripeRequests = await routeStripe(page);
      const category = await nominee(db);

      const document = await page.goto(`${CARD_BASE_URL}/category/${category.id}`);
      const policy = directives(document!.headers()['content-security-policy'] ?? '');
      await page.getByTestId('artist-card').getByRole('link', { name: t.voteNow }).click();
      await expect(page.getByTestId('total-votes')).toBeVisible();
      // The voter types the e-mail while the card form is still on its way (its intent held
      // back here): the field is not replaced under them when the form arrives, so the focus
      // and every keystroke stay.
      let releaseIntent = () => {};
      const intentHeld = new Promise<void>((resolve) => (releaseIntent = resolve));
      await page.route('**/api/create-payment-intent-multi', async (route) => {
        await intentHeld;
        await route.continue();
      });
      await page.getByText(t.card, { exact: true }).click();
      const email = page.getByLabel(t.email, { exact: true });
      await email.click();
      await page.keyboard.type('stripe-');
      releaseIntent();
      await expect(page.getByTestId('fake-payment-element')).toBeVisible();
      await page.keyboard.type(`${Date.now()}@example.com`);
      await expect(email).toBeFocused();
      await expect(email).toHaveValue(/^stripe-\d+@example\.com$/);

      // Declined: Stripe's message, and the same payment stays open.
      await fillCard(page, language, '4000 0000 0000 0002');
      await page.getByRole('button', { name: t.pay }).click();
      await expect(toast(page, t.failed).filter({ hasText: t.declined })).toBeVisible();

      // 3-D Secure failed: the challenge closes, the payment is still not made.
      await fillCard(page, language, '4000 0000 0000 3220');
      await page.getByRole('button', { name: t.pay }).click();
      const challenge = page.frameLocator(`iframe[title="${t.challenge}"]`);
      await expect(challenge.getByRole('link', { name: 'Fail' })).toBeVisible();
      await challenge.getByRole('link', { name: 'Fail' }).click();
      await expect(toast(page, t.failed).last()).toBeVisible();
      await expect(page.getByTestId('receipt-modal')).toBeHidden();

      // 3-D Secure passed: paid, the receipt shows, the payment is completed.
      await page.getByRole('button', { name: t.pay }).click();
      await challenge.getByRole('link', { name: 'Complete' }).click();
      const modal = page.getByTestId('receipt-modal');
      await expect(modal).toBeVisible();
      const code = (await modal.getByTestId('receipt-code').textContent()) ?? '';
      const [payment] = await db.select().from(payments).where(eq(payments.receiptCode, code));
      expect(payment).toMatchObject({ status: 'completed', provider: 'stripe' });
      expect(payment!.providerRef).toMatch(/^pi_/);

      // The policy allows exactly the Stripe origins this path used, each for what it was used for.
      const used = (types: string[]) =>
        [
          ...new Set(
            stripeRequests
              .filter((r) => types.includes(r.resourceType()))
              .map((r) => new URL(r.url()).origin),
          ),
        ].sort();
      const stripeSources = (name: string) =>
        (policy.get(name) ?? []).filter((source) => source.includes('stripe.com')).sort();
      expect(used(['script'])).toEqual(stripeSources('script-src'));
      expect(used(['fetch', 'xhr'])).toEqual(stripeSources('connect-src'));
      // Stripe.js's own frames come from js.stripe.com (the fake draws its element in the page);
      // the issuer's challenge comes from hooks.stripe.com.
      expect(used(['document'])).toEqual(['https://hooks.stripe.com']);
      expect(stripeSources('frame-src')).toEqual([
        'https://hooks.stripe.com',
        'https://js.stripe.com',
      ]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    });
  }
});
