import { PHONE } from '#shared/limits';
import { nationalPhoneDigits } from '#shared/schemas/payment';

/**
 * The 9-box mobile-money phone input, as pure functions over the boxes' values. Each box
 * holds one digit or ''. The component only hands the browser's events to these.
 *
 * The cursor is the focused box, and a typed digit always lands: it replaces what the box holds
 * (even the same digit, where the browser sees no change) and moves on, so typing a number over
 * an old one leaves exactly the number typed.
 */
export type PhoneDigits = readonly string[];

export interface DigitsEdit {
  digits: PhoneDigits;
  /** The box to focus afterwards. */
  focus: number;
}

export const EMPTY_PHONE_DIGITS: PhoneDigits = Array.from({ length: PHONE.digits }, () => '');

const lastBox = PHONE.digits - 1;

/**
 * Text entered in a box: a key, a keyboard's suggestion, an autofill. Its digits are written from
 * that box on, each replacing what was there; a whole number is taken like a paste. An empty box
 * after a gap fills the gap first, so a number typed anywhere stays in one piece.
 */
export function enterDigits(digits: PhoneDigits, index: number, text: string): DigitsEdit {
  const typed = text.replace(/\D/g, '');
  if (!typed) return { digits, focus: index };
  if (typed.length > 1 && nationalPhoneDigits(text).length >= PHONE.digits) {
    return pasteIntoBoxes(text);
  }
  const firstEmpty = digits.indexOf('');
  const start = digits[index] === '' && firstEmpty !== -1 ? Math.min(firstEmpty, index) : index;
  const next = [...digits];
  for (let offset = 0; offset < typed.length; offset++) {
    next[Math.min(start + offset, lastBox)] = typed.charAt(offset);
  }
  return { digits: next, focus: Math.min(start + typed.length, lastBox) };
}

/**
 * Backspace removes the digit at the cursor: a filled box is cleared and keeps the cursor (the
 * next digit goes there); on an empty box the cursor moves back and clears the previous box. So
 * one press always removes one digit, and typing after it puts the digit where it was.
 */
export function backspaceInBox(digits: PhoneDigits, index: number): DigitsEdit {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(index - 1, 0);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/**
 * Pasting: the number's national digits (non-digits stripped, a leading 237 dropped,
 * and 00237 as well), at most 9, filled from the first box whichever box received it.
 */
export function pasteIntoBoxes(text: string): DigitsEdit {
  const pasted = nationalPhoneDigits(text).slice(0, PHONE.digits);
  const digits = EMPTY_PHONE_DIGITS.map((_, index) => pasted.charAt(index));
  return { digits, focus: Math.min(pasted.length, lastBox) };
}

/**
 * A key pressed in a box (without Ctrl, Alt or Meta). Digits, Backspace, Delete and the arrows are
 * handled here and the browser's own handling is cancelled; null lets the browser act, and its
 * change then arrives through `inputInBox`. Virtual keyboards often name every key
 * 'Unidentified', so they take that second path.
 */
export function keyInBox(digits: PhoneDigits, index: number, key: string): DigitsEdit | null {
  if (/^\d$/.test(key)) return enterDigits(digits, index, key);
  switch (key) {
    case 'Backspace':
      return backspaceInBox(digits, index);
    case 'Delete': {
      const next = [...digits];
      next[index] = '';
      return { digits: next, focus: index };
    }
    case 'ArrowLeft':
      return { digits, focus: Math.max(index - 1, 0) };
    case 'ArrowRight':
      return { digits, focus: Math.min(index + 1, lastBox) };
    default:
      return null;
  }
}

/**
 * The browser changed a box itself (an `input` event, which fires even when the value did not
 * change): `data` is the text inserted, null for a deletion. Without `data` the value is all
 * there is: emptied means Backspace, otherwise the last digit in it is the one typed.
 */
export function inputInBox(
  digits: PhoneDigits,
  index: number,
  value: string,
  data: string | null,
): DigitsEdit {
  if (data !== null) return enterDigits(digits, index, data);
  if (value === '') return backspaceInBox(digits, index);
  return enterDigits(digits, index, value.replace(/\D/g, '').slice(-1));
}

export function isPhoneComplete(digits: PhoneDigits): boolean {
  return digits.length === PHONE.digits && digits.every((digit) => /^\d$/.test(digit));
}

/** The number as the payment API takes it: 237 followed by the 9 digits. */
export function internationalPhone(digits: PhoneDigits): string {
  return `${PHONE.countryCode}${digits.join('')}`;
}
