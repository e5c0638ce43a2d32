import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckoutArtist } from '#shared/checkout-artist-param';
import { createCardDeclines } from '#test/factories/card-checkout-factory';
import { checkoutArtistOf, createCategory, createNominee } from '#test/factories/catalog-factory';
import { createPendingPayment } from '#test/factories/payment-factory';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { CheckoutPage } from './checkout-page';

/*
 * While declines across the site are many, paying by card first asks the check (the sandbox's
 * stand-in here); once it is passed the card payment is set up and the card form is ready.
 */
let testApp: TestApp;
let artist: CheckoutArtist;
beforeAll(async () => {
  testApp = await createTestApp('pglite', { CARD_CHALLENGE_AFTER_DECLINES: '3' });
  const { db } = testApp.app.ctx;
  const category = await createCategory(db);
  const nominee = await createNominee(db, { categoryIds: [category.id] });
  const [nomination] = nominee.nominations;
  const declined = await createPendingPayment(db, {
    provider: 'stripe',
    votes: [{ nominationId: nomination!.id, voteCount: 1 }],
  });
  await createCardDeclines(db, declined.id, 3);
  testApp.app.ctx.events.emit('catalog-changed');
  artist = checkoutArtistOf(nominee, category);
});
afterAll(() => testApp.close());

it('asks the check before a card payment, and sets the payment up once it is passed', async () => {
  const user = userEvent.setup();
  const fetched = routeFetchToApp(testApp.app);
  // The browser's checkout session, which the pass is remembered for.
  fetched.cookie = 'palmares_checkout=component-test-session';
  await renderScreen(<CheckoutPage />, {
    path: `/checkout?artist=${encodeURIComponent(JSON.stringify(artist))}`,
  });
  await user.click(await screen.findByRole('radio', { name: /Card/ }));
  const check = await screen.findByRole('region', { name: 'One quick check' });
  expect(check.textContent).toMatch(/Many card payments have been declined/);
  const intents = () =>
    fetched.requests.filter((r) => r.url === '/api/create-payment-intent-multi').length;
  const asked = intents();

  await user.click(screen.getByRole('checkbox', { name: 'I am a person' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'One quick check' })).toBeNull());
  expect(fetched.requests.some((r) => r.url === '/api/checkout/challenge')).toBe(true);
  // Set up again at once, and this time the server started the payment.
  await waitFor(() => expect(intents()).toBe(asked + 1));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /^Pay \$1\.00/ }).hasAttribute('disabled')).toBe(
      false,
    ),
  );
});
