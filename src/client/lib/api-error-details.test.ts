import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#shared/schemas/api-error';
import { ApiError } from './api-error';
import { apiErrorDetails } from './api-error-details';

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

const refusal = (answer: unknown) => new ApiError(400, JSON.stringify(answer), answer);

describe("a refusal's sentence and details", () => {
  it('reads what apiErrorBodySchema accepts exactly as the schema does', () => {
    for (const answer of schemaShaped) {
      const { message, details } = apiErrorBodySchema.parse(answer);
      const error = refusal(answer);
      expect(error.body).toEqual({ message });
      expect(apiErrorDetails(error)).toEqual(details);
    }
  });

  it('has neither for whatever the schema refuses for want of a message', () => {
    for (const answer of notAnErrorBody) {
      expect(apiErrorBodySchema.safeParse(answer).success).toBe(false);
      expect(refusal(answer).body).toBeNull();
      expect(apiErrorDetails(refusal(answer))).toBeUndefined();
    }
  });

  it('keeps the message when the details are of another shape', () => {
    const odd = [
      { message: 'm', details: [{ path: 1 }] },
      { message: 'm', details: { paymentId: 'not-an-id' } },
      { message: 'm', details: 'text' },
    ];
    for (const answer of odd) {
      expect(apiErrorBodySchema.safeParse(answer).success).toBe(false);
      expect(refusal(answer).body).toEqual({ message: 'm' });
      expect(apiErrorDetails(refusal(answer))).toBeUndefined();
    }
  });

  it('has no details for an error that is not an API answer', () => {
    expect(apiErrorDetails(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
