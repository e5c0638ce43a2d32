import { screen } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNominee } from '#test/factories/catalog-factory';
import { createCompletedPayment, revisePaymentAs } from '#test/factories/payment-factory';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { Toaster } from '#client/components/ui/toaster';
import { fetchReceipt } from './api/receipt-api';
import { ReceiptModal } from './receipt-modal';

let testApp: TestApp;
let nominationId: string;
let otherNominationId: string;
beforeAll(async () => {
  testApp = await createTestApp('pglite');
  nominationId = (await createNominee(testApp.app.ctx.db)).nominations[0]!.id;
  otherNominationId = (await createNominee(testApp.app.ctx.db)).nominations[0]!.id;
});
afterAll(() => testApp.close());
beforeEach(() => {
  routeFetchToApp(testApp.app);
});

/** A completed mobile-money payment with an e-mail, its receipt open in the modal. */
async function openReceipt(language: 'en' | 'fr' = 'en', change?: 'refund' | 'partial refund') {
  const { ctx } = testApp.app;
  const payment = await createCompletedPayment(ctx.db, {
    votes: [
      { nominationId, voteCount: 2 },
      { nominationId: otherNominationId, voteCount: 2 },
    ],
    payment: { phoneNumber: '237677123456', voterEmail: 'own@example.com' },
    outbox: ctx.outbox,
  });
  if (change) {
    const refundedAmount = change === 'refund' ? payment.amount : payment.amount / 4;
    await revisePaymentAs(ctx.db, payment.id, { kind: 'refund', refundedAmount });
  }
  const receipt = await fetchReceipt(payment.receiptCode!);
  const rendered = await renderScreen(
    <>
      <ReceiptModal receipt={receipt} onClose={() => undefined} />
      <Toaster />
    </>,
    { path: '/my-receipts', language },
  );
  return { ...rendered, payment };
}

const recipientsOf = async (paymentId: string) =>
  (
    await testApp.database.query<{ recipient: string }>(
      'SELECT recipient FROM outbox_messages WHERE payment_id = $1 ORDER BY recipient',
      [paymentId],
    )
  ).map((row) => row.recipient);

describe('Send my receipt again', () => {
  it('sends the receipt to the payment’s own phone and e-mail, and says so', async () => {
    const { user, payment } = await openReceipt();
    await user.click(await screen.findByRole('button', { name: 'Send my receipt again' }));
    expect(await screen.findByText('Your receipt is on its way by SMS and e-mail.')).toBeTruthy();
    expect(await recipientsOf(payment.id)).toEqual([
      '+237677123456',
      '+237677123456',
      'own@example.com',
      'own@example.com',
    ]);
  });

  it('says in French when the hour’s resends are used up', async () => {
    const { user, payment } = await openReceipt('fr');
    await testApp.app.ctx.db.execute(sql`
      INSERT INTO receipt_resends (payment_id, requested_by)
      SELECT ${payment.id}, 'voter' FROM generate_series(1, 3)`);
    await user.click(await screen.findByRole('button', { name: 'Renvoyer mon reçu' }));
    expect(await screen.findByText("Votre reçu n'a pas pu être renvoyé")).toBeTruthy();
    expect(await screen.findByText(/^Ce reçu a déjà été renvoyé plusieurs fois/)).toBeTruthy();
  });

  it('is not offered once a refund changed the receipt', async () => {
    await openReceipt('en', 'refund');
    await screen.findByText(/ of .+ was returned to you/);
    expect(screen.queryByRole('button', { name: 'Send my receipt again' })).toBeNull();
  });

  it('after a partial refund, says so, counts what still counts per category, and still resends', async () => {
    const { user, payment } = await openReceipt('en', 'partial refund');
    expect((await screen.findByTestId('receipt-state')).textContent).toBe('Partly refunded');
    expect(screen.queryByText(/Payment confirmed/)).toBeNull();
    expect(screen.getByTestId('receipt-total').textContent).toBe('3 of 4 votes still count');
    const perCategory = screen.getByRole('list');
    expect([...perCategory.querySelectorAll('li')].map((li) => li.lastChild?.textContent)).toEqual(
      expect.arrayContaining(['1 of 2', '2 votes']),
    );
    await user.click(screen.getByRole('button', { name: 'Send my receipt again' }));
    expect(await screen.findByText('Your receipt is on its way by SMS and e-mail.')).toBeTruthy();
    const [email] = await testApp.database.query<{ body: string }>(
      `SELECT body FROM outbox_messages
       WHERE payment_id = $1 AND kind = 'receipt' AND channel = 'email'
       ORDER BY created_at DESC LIMIT 1`,
      [payment.id],
    );
    expect(email?.body).toMatch(/was refunded; these votes still count/);
    expect(email?.body).toMatch(/Total: 3 votes/);
  });

  it('shows the amount, the way it was paid and when, in French without a capital mid-sentence', async () => {
    await openReceipt('fr');
    const facts = await screen.findByTestId('receipt-facts');
    expect(facts.textContent).toMatch(/^Montant.+CFAPayé parMobile MoneyDate.+2\d{3}/);
    expect(screen.getByTestId('receipt-total').textContent).toBe('4 votes');
  });
});
