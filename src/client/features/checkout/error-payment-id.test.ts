import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-error';
import { paymentIdInError } from './error-payment-id';

const PAYMENT_ID = '5b1f3a52-7c1e-4f7e-9a4b-2d6f0c8e9a11';

describe('paymentIdInError', () => {
  it('reads details.paymentId from an API error body', () => {
    const body = { message: 'timeout', details: { code: 'ER101', paymentId: PAYMENT_ID } };
    const error = new ApiError(502, JSON.stringify(body), body);
    expect(paymentIdInError(error)).toBe(PAYMENT_ID);
  });

  it('is null for other errors', () => {
    const refused = new ApiError(422, JSON.stringify({ message: 'refused' }), {
      message: 'refused',
    });
    expect(paymentIdInError(refused)).toBeNull();
    expect(paymentIdInError(new ApiError(500, 'Internal Server Error', null))).toBeNull();
    expect(paymentIdInError(new TypeError('Failed to fetch'))).toBeNull();
  });
});
