import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#shared/schemas/api-error';
import { readApiErrorBody } from './read-api-error-body';

const PAYMENT_ID = '5b1f3a52-7c1e-4f7e-9a4b-2d6f0c8e9a11';

const schemaShaped: unknown[] = [
  { message: 'Not found' },
  { message: '' },
  { message: 'Check the form', details: [] },
  { message: 'Check the form', details: [{ path: 'name', message: 'Required' }] },
  { message: 'Extra keys go', code: 'E1', details: [{ path: 'a', message: 'b', extra: 1 }] },
  { message: 'Timed out', details: { code: 'ER101', paymentId: PAYMENT_ID } },
  { message: 'Refused', details: { code: 'card_declined' } },
  { message: 'Did not go through', details: { paymentId: PAYMENT_ID } },
  { message: 'Confirm', details: { code: 'challenge_required', challenge: { kind: 'sandbox' } } },
  {
    message: 'Confirm',
    details: { code: 'challenge_required', challenge: { kind: 'turnstile', siteKey: '0x4A' } },
  },
];
const notAnErrorBody: unknown[] = [null, 'text', 42, [], {}, { message: 1 }, { error: 'x' }];

describe('readApiErrorBody', () => {
  it('reads what apiErrorBodySchema accepts exactly as the schema does', () => {
    for (const body of schemaShaped) {
      expect(readApiErrorBody(body)).toEqual(apiErrorBodySchema.parse(body));
    }
  });

  it('is null for whatever the schema refuses for want of a message', () => {
    for (const body of notAnErrorBody) {
      expect(apiErrorBodySchema.safeParse(body).success).toBe(false);
      expect(readApiErrorBody(body)).toBeNull();
    }
  });

  it('keeps the message when the details are of another shape', () => {
    const odd = [
      { message: 'm', details: [{ path: 1 }] },
      { message: 'm', details: { paymentId: 'not-an-id' } },
      { message: 'm', details: 'text' },
    ];
    for (const body of odd) {
      expect(apiErrorBodySchema.safeParse(body).success).toBe(false);
      expect(readApiErrorBody(body)).toEqual({ message: 'm' });
    }
  });
});
