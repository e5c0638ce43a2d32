import { describe, expect, it } from 'vitest';
import { amountInputValue, parseAmountInput } from './refund-amount';

describe('refund amount input', () => {
  it('reads whole francs, and dollars with a point or a comma', () => {
    expect(parseAmountInput('1500', 'XAF')).toBe(1500);
    expect(parseAmountInput('1 500', 'XAF')).toBe(1500);
    expect(parseAmountInput('7.5', 'USD')).toBe(750);
    expect(parseAmountInput('7,05', 'USD')).toBe(705);
    expect(parseAmountInput('12', 'USD')).toBe(1200);
  });

  it('refuses what is not an amount', () => {
    for (const [text, currency] of [
      ['', 'XAF'],
      ['1.5', 'XAF'],
      ['-3', 'XAF'],
      ['7.555', 'USD'],
      ['abc', 'USD'],
      ['1e3', 'XAF'],
    ] as const) {
      expect(parseAmountInput(text, currency), `${text} ${currency}`).toBeNull();
    }
  });

  it('shows minor units so they parse back to the same amount', () => {
    expect(amountInputValue(750, 'USD')).toBe('7.50');
    expect(parseAmountInput(amountInputValue(750, 'USD'), 'USD')).toBe(750);
    expect(amountInputValue(1500, 'XAF')).toBe('1500');
  });
});
