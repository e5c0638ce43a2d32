import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import type { Language } from '#shared/limits';
import type { PublicArtist } from '#shared/schemas/catalog';
import { createNominee } from '#test/factories/catalog-factory';
import { call } from '#test/support/call-app';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import {
  createAppServingPages,
  drawnRoot,
  expectSameFirstPaint,
} from '#test/support/first-paint-check';
import { useNodeArrayBuffer } from '#test/support/node-array-buffer';
import { renderScreen } from '#test/support/render-screen';
import type { TestApp } from '#test/support/test-app';
import { checkoutHref } from '#client/lib/checkout-href';
import { CheckoutPage } from './checkout-page';

/*
 * A checkout link opened cold comes with its hero drawn by the server (checkout-first-paint.ts),
 * which the client's first render then hydrates. A failure here is a change to CheckoutHero (or
 * the photo, or their texts) that the server's copy has not followed: copy it there.
 */

let testApp: TestApp;
let pictured: PublicArtist;
let plain: PublicArtist;

const publicArtist = async (id: string) =>
  (await call<PublicArtist>(testApp.app, { url: `/api/artists/${id}` })).body;

beforeAll(async () => {
  useNodeArrayBuffer();
  testApp = await createAppServingPages();
  const { db } = testApp.app.ctx;
  const one = await createNominee(db, {
    artist: {
      name: 'Ama <Fotso>',
      bio: 'Soul singer from Bafoussam.',
      bioFr: 'Chanteuse soul de Bafoussam.',
      photoUrl: '/demo/artists/nkem-abena.jpg',
    },
  });
  const two = await createNominee(db, {
    artist: { name: 'Tchami Jr', bio: null, bioFr: null, photoUrl: null },
  });
  pictured = await publicArtist(one.artist.id);
  plain = await publicArtist(two.artist.id);
});
afterAll(() => testApp.close());

beforeEach(() => {
  useNodeArrayBuffer();
  routeFetchToApp(testApp.app);
});

async function compare(artist: PublicArtist, language: Language) {
  const href = checkoutHref(artist);
  const drawn = await drawnRoot(testApp, href, language);
  const { container } = await renderScreen(<CheckoutPage />, { path: href, language });
  await within(container).findByRole('heading', { level: 1 });
  await expectSameFirstPaint(container.firstElementChild, drawn);
}

describe("the server's first paint of a checkout link", () => {
  it('is the hero the page draws, in English and in French', async () => {
    await compare(pictured, 'en');
    await compare(pictured, 'fr');
  });

  it('matches without a photo or a bio', async () => {
    await compare(plain, 'fr');
  });
});
