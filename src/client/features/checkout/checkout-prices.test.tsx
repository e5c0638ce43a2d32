import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckoutArtist } from '#shared/checkout-artist-param';
import { checkoutArtistOf, createCategory, createNominee } from '#test/factories/catalog-factory';
import { setEvent } from '#test/factories/event-factory';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { CheckoutPage } from './checkout-page';

let testApp: TestApp;
let artist: CheckoutArtist;
beforeAll(async () => {
  testApp = await createTestApp('pglite');
  const { db } = testApp.app.ctx;
  const category = await createCategory(db);
  const nominee = await createNominee(db, { categoryIds: [category.id] });
  // The edition's own prices, not the defaults: 150 CFA or 75 US cents a vote.
  await setEvent(db, { priceXaf: 150, priceUsd: 75 });
  testApp.app.ctx.events.emit('event-changed');
  testApp.app.ctx.events.emit('catalog-changed');
  artist = checkoutArtistOf(nominee, category);
});
afterAll(() => testApp.close());

it('prices the votes at the current edition’s prices, in both currencies', async () => {
  routeFetchToApp(testApp.app);
  await renderScreen(<CheckoutPage />, {
    path: `/checkout?artist=${encodeURIComponent(JSON.stringify(artist))}`,
  });
  // Two votes by default: 300 CFA or $1.50.
  expect(await screen.findByRole('radio', { name: /Mobile Money.*300 CFA/ })).toBeTruthy();
  expect(screen.getByRole('radio', { name: /Card.*\$1\.50/ })).toBeTruthy();
  expect(screen.getByText(/150 CFA/)).toBeTruthy();
  expect(screen.getByText(/\$0\.75/)).toBeTruthy();
});
