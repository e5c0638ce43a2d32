import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createNominee, nominationVotes } from '#test/factories/catalog-factory';
import {
  createCompletedPayment,
  createPendingPayment,
  settlePayment,
} from '#test/factories/payment-factory';
import { renderScreen } from '#test/support/render-screen';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';
import { Toaster } from '#client/components/ui/toaster';
import { VoterTrackingPage } from './voter-tracking-page';

let nominationId: string;
const session = signedInAdminApp({
  seed: async ({ db }) => {
    nominationId = (await createNominee(db)).nominations[0]!.id;
  },
});

const tally = () => nominationVotes(session.testApp.app.ctx.db, nominationId);

/** A completed mobile-money payment of 4 votes (400 CFA), found in the table by its e-mail. */
async function openWithPayment(email: string, language: 'en' | 'fr' = 'en') {
  const payment = await createCompletedPayment(session.testApp.app.ctx.db, {
    provider: 'campay',
    votes: [{ nominationId, voteCount: 4 }],
    payment: { voterEmail: email },
  });
  const rendered = await renderScreen(
    <>
      <VoterTrackingPage />
      <Toaster />
    </>,
    {
      path: '/admin/voter-tracking',
      language,
    },
  );
  const cell = await screen.findByText(email, { selector: 'table *' }, { timeout: 10_000 });
  return { ...rendered, payment, row: cell.closest('tr')! };
}

describe('refunding from voter tracking', () => {
  it('refunds part of a payment with a reason, and the votes it paid for leave the tally', async () => {
    const { user, row } = await openWithPayment('part@example.com');
    const before = await tally();
    await user.click(within(row).getByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('dialog', { name: /Refund payment/ });
    expect(within(dialog).getByText('Left to refund').nextSibling?.textContent).toBe('400 CFA');

    const amount = within(dialog).getByLabelText(/Amount to refund/);
    expect((amount as HTMLInputElement).value).toBe('400');
    await user.clear(amount);
    await user.type(amount, '100');
    // No reason yet: the form says so and asks nothing.
    const asked = session.network.requests.length;
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Say why the money goes back.')).toBeTruthy();
    expect(session.network.requests.length).toBe(asked);

    await user.click(within(dialog).getByRole('button', { name: 'Returned outside Palmarès' }));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Paid twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refunded 100 CFA in total')).toBeTruthy();
    expect(screen.getByText('3 votes of this payment still count.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = session.network.requests.find((request) => request.url.endsWith('/refund'));
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      reason: 'Paid twice by mistake',
      amount: 100,
      method: 'outside',
    });
    expect(await tally()).toBe(before - 1);
    expect(await within(row).findByText('100 CFA of 400 CFA refunded')).toBeTruthy();
  });

  it('refuses more than is left before asking, and shows the server refusal in French', async () => {
    const { user, row, payment } = await openWithPayment('trop@example.com', 'fr');
    await user.click(within(row).getByRole('button', { name: /^Rembourser/ }));
    const dialog = await screen.findByRole('dialog', { name: /Rembourser le paiement/ });
    const amount = within(dialog).getByLabelText(/Montant à rembourser/);
    await user.clear(amount);
    await user.type(amount, '500');
    await user.type(within(dialog).getByLabelText(/Motif/), 'Erreur');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await within(dialog).findByText('Il reste au plus 400 CFA à rembourser.')).toBeTruthy();

    // Everything refunded elsewhere in the meantime: the server's 409 is shown in the dialog.
    await user.clear(amount);
    await user.type(amount, '400');
    await session.testApp.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: { cookie: session.admin.cookie, 'content-type': 'application/json' },
      payload: { reason: 'ailleurs', method: 'outside' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
  });

  it('credits a payment in review from its Review dialog, after showing both sides', async () => {
    const { db } = session.testApp.app.ctx;
    const held = await createPendingPayment(db, {
      provider: 'campay',
      votes: [{ nominationId, voteCount: 2 }],
      payment: { voterEmail: 'review@example.com' },
    });
    await settlePayment(db, held.id, { status: 'completed', amount: 250, currency: 'XAF' });
    const before = await tally();
    const { user } = await renderScreen(
      <>
        <VoterTrackingPage />
        <Toaster />
      </>,
      { path: '/admin/voter-tracking?status=needs_review' },
    );
    const cell = await screen.findByText(
      'review@example.com',
      { selector: 'table *' },
      { timeout: 10_000 },
    );
    const row = cell.closest('tr')!;
    expect(within(row).getByText('needs review')).toBeTruthy();
    // The dashboard's link opens the list on that status.
    expect(
      new URLSearchParams(
        session.network.requests
          .find((r) => r.url.startsWith('/api/voter-tracking?'))
          ?.url.split('?')[1],
      ).get('status'),
    ).toBe('needs_review');

    await user.click(within(row).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: /Review payment/ });
    expect(within(dialog).getByText('200 CFA for 2 votes')).toBeTruthy();
    expect(within(dialog).getByText('250 CFA received')).toBeTruthy();
    expect(within(dialog).getByText('Crediting counts all 2 votes of the order.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Credit the votes' }));
    expect(await within(dialog).findByText('Say why the votes are credited.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Voter paid 50 CFA too much');
    await user.click(within(dialog).getByRole('button', { name: 'Credit the votes' }));
    expect(await screen.findByText('2 votes credited')).toBeTruthy();
    expect(await tally()).toBe(before + 2);
  });
  /** A Campay order of `votes` votes whose provider reported `received` CFA, opened in review. */
  async function openInReview(
    email: string,
    votes: number,
    received: number,
    language: 'en' | 'fr' = 'en',
  ) {
    const { db } = session.testApp.app.ctx;
    const held = await createPendingPayment(db, {
      provider: 'campay',
      votes: [{ nominationId, voteCount: votes }],
      payment: { voterEmail: email },
    });
    await settlePayment(db, held.id, { status: 'completed', amount: received, currency: 'XAF' });
    const rendered = await renderScreen(
      <>
        <VoterTrackingPage />
        <Toaster />
      </>,
      { path: '/admin/voter-tracking?status=needs_review', language },
    );
    const cell = await screen.findByText(email, { selector: 'table *' }, { timeout: 10_000 });
    return { ...rendered, row: cell.closest('tr')! };
  }

  it('credits the votes short money pays for, saying so before', async () => {
    const { user, row } = await openInReview('short@example.com', 3, 250);
    const before = await tally();
    await user.click(within(row).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: /Review payment/ });
    expect(
      within(dialog).getByText(
        'The money received pays for 2 of the 3 votes ordered: crediting counts those votes, for 200 CFA, and the order is cut to them.',
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The voter sent 250 CFA');
    await user.click(within(dialog).getByRole('button', { name: 'Credit the votes' }));
    expect(await screen.findByText('2 votes credited')).toBeTruthy();
    expect(await tally()).toBe(before + 2);
  });

  it('offers no credit for money short of one vote', async () => {
    const { user, row } = await openInReview('tiny@example.com', 2, 50);
    await user.click(within(row).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: /Review payment/ });
    expect(
      within(dialog).getByText(
        'This money does not pay for one vote of the order: refund it instead.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Credit the votes' })).toBeNull();
    expect(within(dialog).queryByLabelText(/Reason/)).toBeNull();
  });

  it('refunds a payment in review in full, in French, with no amount to type', async () => {
    const { user, row } = await openInReview('rendu@example.com', 2, 150, 'fr');
    const before = await tally();
    await user.click(within(row).getByRole('button', { name: /^Rembourser/ }));
    const dialog = await screen.findByRole('dialog', { name: /Rembourser le paiement/ });
    expect(within(dialog).getByText('Reçu du votant').nextSibling?.textContent).toBe('150 CFA');
    expect(within(dialog).queryByLabelText(/Montant à rembourser/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Rendu hors de Palmarès' }));
    await user.type(within(dialog).getByLabelText(/Motif/), 'Montant incomplet, rendu en espèces');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await screen.findByText('150 CFA remboursés au total')).toBeTruthy();
    const sent = session.network.requests.find((request) => request.url.endsWith('/refund'));
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      reason: 'Montant incomplet, rendu en espèces',
      method: 'outside',
    });
    expect(await tally()).toBe(before);
  });
});
