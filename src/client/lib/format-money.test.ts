import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

// French formatting uses narrow no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatMoney', () => {
  it('shows XAF as whole CFA and USD cents with 2 decimals in English', () => {
    expect(formatMoney(1500, 'XAF', 'en')).toBe('1,500 CFA');
    expect(formatMoney(750, 'USD', 'en')).toBe('$7.50');
  });

  it('uses French grouping and decimal comma in French', () => {
    expect(plain(formatMoney(1500, 'XAF', 'fr'))).toBe('1 500 CFA');
    expect(plain(formatMoney(750, 'USD', 'fr'))).toBe('7,50 $US');
  });
});
