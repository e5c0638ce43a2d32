import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackingPayment } from '#shared/schemas/tracking';
import { renderScreen } from '#test/support/render-screen';
import { PaymentTable } from './payment-table';

const payment = (id: string, over: Partial<TrackingPayment>): TrackingPayment => ({
  id,
  provider: 'stripe',
  sandbox: false,
  amount: 150,
  currency: 'USD',
  voterEmail: 'voter@example.com',
  phoneNumber: null,
  deviceTimestamp: null,
  ipAddress: null,
  status: 'pending',
  refundedAmount: 0,
  totalVotes: 3,
  attemptedAt: null,
  failureReason: null,
  receiptCode: null,
  createdAt: '2026-11-27T12:58:00.000Z',
  flags: [],
  ...over,
});

const payments = [
  payment('00000000-0000-4000-8000-000000000001', { sandbox: true }),
  payment('00000000-0000-4000-8000-000000000002', {
    provider: 'campay',
    currency: 'XAF',
    amount: 300,
  }),
];

/** The provider cell of each row, in order. */
const providerCells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('the provider column', () => {
  it('names each way to pay as finance does, and marks what the sandbox took', async () => {
    await renderScreen(<PaymentTable timeZone="UTC" payments={payments} />);
    expect(providerCells()).toEqual(['Card (sandbox)', 'Mobile Money']);
  });

  it('says it in French', async () => {
    await renderScreen(<PaymentTable timeZone="UTC" payments={payments} />, { language: 'fr' });
    expect(providerCells()).toEqual(['Carte (bac à sable)', 'Mobile Money']);
  });
});
