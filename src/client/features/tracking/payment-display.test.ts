import { describe, expect, it } from 'vitest';
import { displayStatus, shortPaymentId, todayIn } from './payment-display';

describe('displayStatus', () => {
  const at = '2025-11-22T10:00:00.000Z';
  it('shows pending as attempted or abandoned', () => {
    expect(displayStatus({ status: 'pending', attemptedAt: at, failureReason: null })).toBe(
      'attempted',
    );
    expect(displayStatus({ status: 'pending', attemptedAt: null, failureReason: null })).toBe(
      'abandoned',
    );
  });
  it('shows a declined card as failed, as the voter was told, though its order stays open', () => {
    expect(
      displayStatus({
        status: 'pending',
        attemptedAt: at,
        failureReason: 'Your card was declined.',
      }),
    ).toBe('failed');
  });
  it('keeps completed, failed and unknown statuses', () => {
    expect(displayStatus({ status: 'completed', attemptedAt: null, failureReason: null })).toBe(
      'completed',
    );
    expect(displayStatus({ status: 'failed', attemptedAt: at, failureReason: 'expired' })).toBe(
      'failed',
    );
    expect(displayStatus({ status: 'refunded', attemptedAt: null, failureReason: null })).toBe(
      'refunded',
    );
  });
});

describe('todayIn and shortPaymentId', () => {
  it('reads the calendar day in the zone', () => {
    const instant = new Date('2025-11-22T23:30:00.000Z');
    expect(todayIn('UTC', instant)).toBe('2025-11-22');
    expect(todayIn('Africa/Lagos', instant)).toBe('2025-11-23');
  });
  it('keeps 8 characters', () => {
    expect(shortPaymentId('0f8e1c2a-1111-2222-3333-444455556666')).toBe('0f8e1c2a');
  });
});
