import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeAmountMismatch } from '#shared/amount-mismatch';
import { renderScreen } from '#test/support/render-screen';
import { PaymentStatusBadge } from './payment-status-badge';

const inReview = {
  status: 'needs_review',
  attemptedAt: null,
  amount: 300,
  currency: 'XAF',
  refundedAmount: 0,
  failureReason: describeAmountMismatch({
    expected: { amount: 300, currency: 'XAF' },
    reported: { amount: 250, currency: 'XAF' },
  }),
} as const;

describe('the status badge of a payment in review for other money', () => {
  it('says what was received for what, never the stored reason', async () => {
    const { container } = await renderScreen(<PaymentStatusBadge payment={inReview} />);
    expect(screen.getByText('needs review')).toBeTruthy();
    expect(screen.getByText('250 CFA received for 300 CFA')).toBeTruthy();
    expect(container.textContent).not.toContain('amount_mismatch');
  });

  it('in French too', async () => {
    const { container } = await renderScreen(<PaymentStatusBadge payment={inReview} />, {
      language: 'fr',
    });
    expect(screen.getByText(/^250\sCFA reçus pour 300\sCFA$/)).toBeTruthy();
    expect(container.textContent).not.toContain('amount_mismatch');
  });

  it('shows any other reason as it was given', async () => {
    await renderScreen(
      <PaymentStatusBadge
        payment={{ ...inReview, status: 'failed', failureReason: 'Insufficient balance' }}
      />,
    );
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
  });
});
