import { describe, expect, it } from 'vitest';
import { formatWholeNumber } from './format-whole-number.js';

// French formatting uses narrow no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatWholeNumber', () => {
  it('groups thousands with commas in English', () => {
    expect(formatWholeNumber(0, 'en')).toBe('0');
    expect(formatWholeNumber(1234567, 'en')).toBe('1,234,567');
  });

  it('groups thousands with spaces in French', () => {
    expect(plain(formatWholeNumber(1234567, 'fr'))).toBe('1 234 567');
  });

  it('gives what a fresh Intl.NumberFormat gives, call after call', () => {
    for (const value of [0, 7, 1500, 1234567, -42]) {
      for (const [language, locale] of [
        ['en', 'en-GB'],
        ['fr', 'fr-FR'],
      ] as const) {
        const expected = new Intl.NumberFormat(locale).format(value);
        expect(formatWholeNumber(value, language)).toBe(expected);
        expect(formatWholeNumber(value, language)).toBe(expected);
      }
    }
  });
});
