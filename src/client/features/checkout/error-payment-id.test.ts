import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { paymentIdInError } from './error-payment-id';

describe('paymentIdInError', () => {
  it('reads details.paymentId from an API error body', () => {
    const error = new ApiError(
      502,
      JSON.stringify({ message: 'timeout', details: { paymentId: 'p1' } }),
    );
    expect(paymentIdInError(error)).toBe('p1');
  });

  it('is null for other errors', () => {
    expect(paymentIdInError(new ApiError(422, JSON.stringify({ message: 'refused' })))).toBeNull();
    expect(paymentIdInError(new ApiError(500, 'Internal Server Error'))).toBeNull();
    expect(paymentIdInError(new TypeError('Failed to fetch'))).toBeNull();
  });
});
