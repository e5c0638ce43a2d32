import { describe, expect, it } from 'vitest';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isCardNumberComplete,
  isCvcValid,
  isExpiryValid,
} from './card-fields';

describe('sandbox card fields', () => {
  it('groups the card number by four and keeps at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000 0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY and the CVC as digits', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(formatCvc('12a34b')).toBe('1234');
  });

  it('checks completeness before paying', () => {
    const today = new Date(2025, 5, 15);
    expect(isCardNumberComplete('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumberComplete('4242 4242')).toBe(false);
    expect(isExpiryValid('06/25', today)).toBe(true);
    expect(isExpiryValid('05/25', today)).toBe(false);
    expect(isExpiryValid('13/30', today)).toBe(false);
    expect(isExpiryValid('1230', today)).toBe(false);
    expect(isCvcValid('123')).toBe(true);
    expect(isCvcValid('12')).toBe(false);
  });
});
