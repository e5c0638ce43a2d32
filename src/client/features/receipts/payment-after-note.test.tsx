import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceiptDetail } from '#shared/schemas/receipt';
import { renderScreen } from '#test/support/render-screen';
import { PaymentAfterNote } from './payment-after-note';

const paid: ReceiptDetail['payment'] = {
  id: '00000000-0000-4000-8000-000000000001',
  receiptCode: 'ABC123',
  totalVotes: 4,
  amount: 400,
  currency: 'XAF',
  provider: 'campay',
  createdAt: '2026-11-20T10:00:00.000Z',
  settledAt: '2026-11-20T10:01:00.000Z',
  status: 'completed',
  refundedAmount: 0,
  countedVotes: 4,
};

describe('what a receipt says happened after the payment', () => {
  it('says nothing for a payment that simply completed', async () => {
    await renderScreen(<PaymentAfterNote payment={paid} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says how much was refunded and how many votes still count, in both languages', async () => {
    const refunded = { ...paid, status: 'refunded' as const, refundedAmount: 100, countedVotes: 3 };
    const { unmount } = await renderScreen(<PaymentAfterNote payment={refunded} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Refunded. 100 CFA of 400 CFA was returned to you, so 3 of your 4 votes still count.',
    );
    unmount();
    await renderScreen(<PaymentAfterNote payment={refunded} />, { language: 'fr' });
    expect(screen.getByRole('status').textContent).toMatch(
      /^Remboursé\. 100 CFA sur 400 CFA vous ont été rendus : 3 de vos 4 votes comptent encore\.$/,
    );
  });

  it('says a disputed payment does not count', async () => {
    await renderScreen(
      <PaymentAfterNote payment={{ ...paid, status: 'disputed', countedVotes: 0 }} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Disputed\. .*do not count/);
  });
});
