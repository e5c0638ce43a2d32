import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntryProofSchema, type LedgerHeadAnswer } from '#shared/schemas/ledger';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import {
  createCompletedPayment,
  createPendingPayment,
  revisePaymentAs,
  settlePayment,
} from '#test/factories/payment-factory';
import { signedInUser } from '#test/factories/user-factory';
import { call } from '#test/support/call-app';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { checkEntryProof, isProvenEntry } from './ledger-proof';
import { shortHash } from './short-hash';
import { ResultsPage } from './results-page';

let testApp: TestApp;
let salatielCode: string;
let splitCode: string;
let splitId: string;
let splitAmount: number;
let lateCode: string;
beforeAll(async () => {
  testApp = await createTestApp('pglite', { RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000' });
  const { db } = testApp.app.ctx;
  const male = await createCategory(db, {
    name: 'Best Male Artist',
    nameFr: 'Meilleur artiste masculin',
  });
  const song = await createCategory(db, { name: 'Song of the Year', nameFr: 'Chanson de l’année' });
  const salatiel = await createNominee(db, {
    categoryIds: [male.id, song.id],
    artist: { name: 'Salatiel' },
  });
  const locko = await createNominee(db, { categoryIds: [male.id], artist: { name: 'Locko' } });
  salatielCode = (
    await createCompletedPayment(db, {
      votes: [{ nominationId: salatiel.nominations[0]!.id, voteCount: 3 }],
    })
  ).receiptCode!;
  const split = await createCompletedPayment(db, {
    votes: [
      { nominationId: locko.nominations[0]!.id, voteCount: 2 },
      { nominationId: salatiel.nominations[1]!.id, voteCount: 2 },
    ],
  });
  splitCode = split.receiptCode!;
  splitId = split.id;
  splitAmount = split.amount;
  await createCompletedPayment(db, {
    votes: [{ nominationId: locko.nominations[0]!.id, voteCount: 1 }],
  });
  const late = await createPendingPayment(db, {
    votes: [{ nominationId: locko.nominations[0]!.id, voteCount: 4 }],
  });
  const admin = (await signedInUser(db, { isAdmin: true })).headers;
  const published = await call(testApp.app, {
    method: 'POST',
    url: '/api/admin/event/publish-results',
    headers: admin,
  });
  if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  // Completed after publication: its votes are only in a correction.
  lateCode = (
    await settlePayment(db, late.id, {
      status: 'completed',
      amount: late.amount,
      currency: late.currency,
    })
  ).receiptCode!;
});
afterAll(() => testApp.close());
beforeEach(() => {
  routeFetchToApp(testApp.app);
});

describe('check my vote, under the published results', () => {
  it('links the ledger, then shows a receipt’s votes by category and nominee, verified against the root', async () => {
    const { user } = await renderScreen(<ResultsPage />, { path: '/results' });
    const section = await screen.findByRole(
      'region',
      { name: 'Check the count' },
      { timeout: 5000 },
    );
    const link = within(section).getByRole('link', { name: 'Download the ledger (JSON)' });
    expect(link.getAttribute('href')).toBe('/api/results/ledger');
    expect(within(section).getByText(/Anyone can recount the results/)).toBeTruthy();
    // Plain words, and the two seals shortened beside the link, to compare with a screenshot.
    expect(within(section).queryByText(/scrambled|fingerprint/)).toBeNull();
    const answer = await call<LedgerHeadAnswer>(testApp.app, { url: '/api/results/ledger/head' });
    const seal = answer.body.ledger!;
    expect(seal.correctionCount).toBe(1);
    expect(seal.head).not.toBe(seal.root);
    expect(await within(section).findByText(shortHash(seal.root))).toBeTruthy();
    expect(within(section).getByText(shortHash(seal.head))).toBeTruthy();
    expect(within(section).queryByText(seal.root)).toBeNull();
    expect(
      within(section).getByText(
        /^1 change \(a refund, a dispute or a late payment\) was added after/,
      ),
    ).toBeTruthy();
    // jsdom is no secure context; the page is served over HTTPS, where the clipboard API is open.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    try {
      await user.click(within(section).getByRole('button', { name: 'Copy the chain head' }));
      expect(await navigator.clipboard.readText()).toBe(seal.head);
    } finally {
      Reflect.deleteProperty(window, 'isSecureContext');
    }

    const form = within(section).getByRole('form', { name: 'Check my vote' });
    await user.type(within(form).getByLabelText('Receipt code'), salatielCode.toLowerCase());
    await user.click(within(form).getByRole('button', { name: 'Check' }));

    const heading = await within(section).findByRole('heading', {
      name: `Receipt ${salatielCode} in the ledger`,
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(section).getByText('Best Male Artist')).toBeTruthy();
    expect(within(section).getByText('Salatiel')).toBeTruthy();
    expect(within(section).getByText('3 votes')).toBeTruthy();
    expect(
      await within(section).findByText(
        /^Verified: your entry \(\d of 3\) is included in the published root\.$/,
        {},
        // The first check loads the scrypt module, a chunk of its own in the app.
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // The entry's check shows the seals it was checked against, the root among them.
    expect(within(section).getAllByText(shortHash(seal.root))).toHaveLength(2);
  });

  it('a payment counted after publication shows its dated change, not a proof under the root', async () => {
    const { user } = await renderScreen(<ResultsPage />, { path: '/results' });
    const section = await screen.findByRole(
      'region',
      { name: 'Check the count' },
      { timeout: 5000 },
    );
    const form = within(section).getByRole('form', { name: 'Check my vote' });
    await user.type(within(form).getByLabelText('Receipt code'), lateCode);
    await user.click(within(form).getByRole('button', { name: 'Check' }));
    await within(section).findByRole('heading', { name: `Receipt ${lateCode} in the ledger` });
    expect(within(section).getByText(/^Counted after the results were published/)).toBeTruthy();
    expect(within(section).getByText(/: payment counted after publication$/)).toBeTruthy();
    expect(within(section).getByText('+4 votes')).toBeTruthy();
    expect(within(section).queryByText(/^Verified/)).toBeNull();
  });

  it('en français : un code inconnu est refusé par le message du serveur, un champ vide dit quoi faire', async () => {
    const { user } = await renderScreen(<ResultsPage />, { path: '/results', language: 'fr' });
    const section = await screen.findByRole(
      'region',
      { name: 'Vérifier le décompte' },
      { timeout: 5000 },
    );
    const form = within(section).getByRole('form', { name: 'Vérifier mon vote' });
    const input = within(form).getByLabelText('Code de reçu');

    await user.click(within(form).getByRole('button', { name: 'Vérifier' }));
    expect(within(form).getByText('Saisissez votre code de reçu.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);

    await user.type(input, 'ZZZZZZZZZZZZ');
    await user.click(within(form).getByRole('button', { name: 'Vérifier' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Ce code de reçu ne figure pas dans le registre publié. Vérifiez-le et réessayez.',
    );
  });

  it('en français : les votes d’un reçu partagé entre deux catégories, puis le remboursement daté', async () => {
    await revisePaymentAs(testApp.app.ctx.db, splitId, {
      kind: 'refund',
      refundedAmount: splitAmount,
    });
    const { user } = await renderScreen(<ResultsPage />, { path: '/results', language: 'fr' });
    const section = await screen.findByRole(
      'region',
      { name: 'Vérifier le décompte' },
      { timeout: 5000 },
    );
    await user.type(within(section).getByLabelText('Code de reçu'), splitCode);
    await user.click(within(section).getByRole('button', { name: 'Vérifier' }));
    expect(
      await within(section).findByText(/^Vérifié : votre entrée \(\d sur 3\) est incluse/),
    ).toBeTruthy();
    // Each nomination named twice: in the entry, then in the correction.
    expect(within(section).getAllByText('Chanson de l’année')).toHaveLength(2);
    expect(within(section).getAllByText('Locko')).toHaveLength(2);
    expect(
      within(section).getByRole('heading', { name: 'Modifié depuis la publication' }),
    ).toBeTruthy();
    expect(within(section).getByText(/: argent remboursé$/)).toBeTruthy();
    expect(
      within(section).getAllByText(/^2 modifications \(remboursements, contestations/),
    ).not.toHaveLength(0);
    expect(within(section).getAllByRole('button', { name: 'Copier la racine' })).toHaveLength(2);
    // The entry's 2 votes each, then the change: two taken back from each nomination.
    expect(within(section).getAllByText('2 votes')).toHaveLength(2);
    expect(within(section).getAllByText(/^[-−]2 votes$/)).toHaveLength(2);
  });

  it('the browser check fails on a root, an entry or a code that do not belong together', async () => {
    const answer = ledgerEntryProofSchema.parse(
      (await call(testApp.app, { url: `/api/results/ledger/entries/${salatielCode}` })).body,
    );
    if (!isProvenEntry(answer)) throw new Error('the entry should be under the root');
    expect(await checkEntryProof(answer, salatielCode)).toEqual({ ownsEntry: true, inRoot: true });
    expect(await checkEntryProof({ ...answer, root: 'a'.repeat(64) }, salatielCode)).toEqual({
      ownsEntry: true,
      inRoot: false,
    });
    const moreVotes = {
      ...answer,
      entry: { ...answer.entry, votes: answer.entry.votes.map((v) => ({ ...v, votes: 30 })) },
    };
    expect((await checkEntryProof(moreVotes, salatielCode)).inRoot).toBe(false);
    expect((await checkEntryProof(answer, splitCode)).ownsEntry).toBe(false);
  });
});
