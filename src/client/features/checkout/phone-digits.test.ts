import { describe, expect, it } from 'vitest';
import {
  backspaceInBox,
  EMPTY_PHONE_DIGITS,
  internationalPhone,
  isPhoneComplete,
  pasteIntoBoxes,
  typeIntoBox,
} from './phone-digits';

const digitsOf = (text: string) => EMPTY_PHONE_DIGITS.map((_, index) => text.charAt(index));

describe('phone digit boxes (SPEC 5)', () => {
  it('keeps the last digit typed and advances', () => {
    const first = typeIntoBox(EMPTY_PHONE_DIGITS, 0, '6');
    expect(first.digits[0]).toBe('6');
    expect(first.focus).toBe(1);
    const replaced = typeIntoBox(first.digits, 0, '67');
    expect(replaced.digits[0]).toBe('7');
    expect(replaced.focus).toBe(1);
  });

  it('ignores non-digits and stays on the last box', () => {
    expect(typeIntoBox(EMPTY_PHONE_DIGITS, 3, 'a')).toEqual({
      digits: EMPTY_PHONE_DIGITS,
      focus: 3,
    });
    expect(typeIntoBox(EMPTY_PHONE_DIGITS, 8, '5').focus).toBe(8);
  });

  it('clears and moves back on Backspace', () => {
    const filled = digitsOf('67000');
    const cleared = backspaceInBox(filled, 4);
    expect(cleared.digits.join('')).toBe('6700');
    expect(cleared.focus).toBe(3);
    // On the empty box after the last digit, the last digit goes.
    const fromEmpty = backspaceInBox(filled, 5);
    expect(fromEmpty.digits.join('')).toBe('6700');
    expect(fromEmpty.focus).toBe(4);
    expect(backspaceInBox(EMPTY_PHONE_DIGITS, 0).focus).toBe(0);
  });

  it('pastes digits only, without a leading 237, at most 9', () => {
    expect(pasteIntoBoxes('+237 670-000-001').digits.join('')).toBe('670000001');
    expect(pasteIntoBoxes('670 00 00 01 99').digits.join('')).toBe('670000001');
    const partial = pasteIntoBoxes('6 70');
    expect(partial.digits.join('')).toBe('670');
    expect(partial.focus).toBe(3);
    expect(pasteIntoBoxes('237670000001').focus).toBe(8);
  });

  it('sends 237 plus the 9 digits once complete', () => {
    expect(isPhoneComplete(digitsOf('67000000'))).toBe(false);
    const full = digitsOf('670000001');
    expect(isPhoneComplete(full)).toBe(true);
    expect(internationalPhone(full)).toBe('237670000001');
  });
});
