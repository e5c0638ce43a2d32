import { screen, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createNominee } from '#test/factories/catalog-factory';
import { createCompletedPayment, revisePaymentAs } from '#test/factories/payment-factory';
import { renderScreen } from '#test/support/render-screen';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';
import { Toaster } from '#client/components/ui/toaster';
import { VoterTrackingPage } from './voter-tracking-page';

let nominationId: string;
// The test app's worker sends only when told (deliverDue), so the states are the test's.
const session = signedInAdminApp({
  seed: async ({ db }) => {
    nominationId = (await createNominee(db)).nominations[0]!.id;
  },
});

/** A completed mobile-money payment whose receipt the sandbox kept, found by its e-mail. */
async function openWithMessages(
  email: string,
  language: 'en' | 'fr' = 'en',
  refund?: (amount: number) => number,
) {
  const { ctx } = session.testApp.app;
  const payment = await createCompletedPayment(ctx.db, {
    votes: [{ nominationId, voteCount: 2 }],
    payment: { voterEmail: email, phoneNumber: '237677123456' },
    outbox: ctx.outbox,
  });
  if (refund) {
    await revisePaymentAs(ctx.db, payment.id, {
      kind: 'refund',
      refundedAmount: refund(payment.amount),
    });
  }
  await ctx.outbox.deliverDue();
  const rendered = await renderScreen(
    <>
      <VoterTrackingPage />
      <Toaster />
    </>,
    { path: '/admin/voter-tracking', language },
  );
  const cell = await screen.findByText(email, { selector: 'table *' }, { timeout: 10_000 });
  const row = cell.closest('tr')!;
  // "Messages" in both languages.
  await rendered.user.click(within(row).getByRole('button', { name: /^Messages/ }));
  return { ...rendered, payment };
}

describe("a payment's messages in voter tracking", () => {
  it('lists each message with its state, and sends the receipt again', async () => {
    const { user } = await openWithMessages('messages@example.com');
    const dialog = await screen.findByRole('dialog', { name: /Messages of payment/ });
    const list = await within(dialog).findByRole('list', { name: 'Messages, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items.map((item) => within(item).getByText('kept here, not sent'))).toHaveLength(2);
    // The sandbox stamped them when it kept them: that is not a time they were sent.
    for (const item of items) expect(item.textContent).not.toMatch(/sent \d/);
    expect(within(list).getByText('+237677123456')).toBeTruthy();
    expect(within(list).getAllByText(/Receipt/)).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Resend receipt' }));
    expect(await screen.findByText('Receipt sent again by SMS, E-mail')).toBeTruthy();
    await within(dialog).findAllByText('queued');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  });

  it('offers the receipt again for a partly refunded payment', async () => {
    await openWithMessages('partly@example.com', 'en', (amount) => amount / 2);
    const partly = await screen.findByRole('dialog', { name: /Messages of payment/ });
    expect(await within(partly).findByRole('button', { name: 'Resend receipt' })).toBeTruthy();
  });

  it('speaks French, and says when the hour’s resends are used up', async () => {
    const { user, payment } = await openWithMessages('messages-fr@example.com', 'fr');
    await session.testApp.app.ctx.db.execute(sql`
      INSERT INTO receipt_resends (payment_id, requested_by)
      SELECT ${payment.id}, 'admin' FROM generate_series(1, 3)`);
    const dialog = await screen.findByRole('dialog', { name: /Messages du paiement/ });
    expect((await within(dialog).findAllByText('gardé ici, non envoyé')).length).toBe(2);
    expect(within(dialog).getAllByText(/Reçu/).length).toBeGreaterThanOrEqual(2);
    await user.click(within(dialog).getByRole('button', { name: 'Renvoyer le reçu' }));
    expect(
      await screen.findByText('Le reçu n’a pas pu être renvoyé.'.replace('’', "'")),
    ).toBeTruthy();
    // The toast, and the copy Radix reads out in its live region.
    expect((await screen.findAllByText(/3 times in the last hour/)).length).toBeGreaterThan(0);
  });
});
