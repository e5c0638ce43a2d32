import { PHONE } from '../../../shared/limits';

/**
 * The 9-box mobile-money phone input (SPEC 5), as pure functions over the boxes' values. Each box
 * holds one digit or ''. The component only wires keys and focus to these.
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
 * A box received `value` (what the browser put in it, possibly the old digit plus the new one):
 * keep the last digit typed and move on; anything without a digit leaves the box as it was.
 */
export function typeIntoBox(digits: PhoneDigits, index: number, value: string): DigitsEdit {
  const typed = value.replace(/\D/g, '').slice(-1);
  if (!typed) return { digits, focus: index };
  const next = [...digits];
  next[index] = typed;
  return { digits: next, focus: Math.min(index + 1, lastBox) };
}

/**
 * Backspace clears and moves back. On an empty box (where typing had moved the cursor) it clears
 * the previous box instead, so one press always removes the last digit entered.
 */
export function backspaceInBox(digits: PhoneDigits, index: number): DigitsEdit {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: Math.max(index - 1, 0) };
  }
  const previous = Math.max(index - 1, 0);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/** Pasting: non-digits stripped, a leading 237 dropped, at most 9 digits, filled from the start. */
export function pasteIntoBoxes(text: string): DigitsEdit {
  let pasted = text.replace(/\D/g, '');
  if (pasted.startsWith(PHONE.countryCode)) pasted = pasted.slice(PHONE.countryCode.length);
  pasted = pasted.slice(0, PHONE.digits);
  const digits = EMPTY_PHONE_DIGITS.map((_, index) => pasted.charAt(index));
  return { digits, focus: Math.min(pasted.length, lastBox) };
}

export function isPhoneComplete(digits: PhoneDigits): boolean {
  return digits.length === PHONE.digits && digits.every((digit) => /^\d$/.test(digit));
}

/** The number as the payment API takes it: 237 followed by the 9 digits. */
export function internationalPhone(digits: PhoneDigits): string {
  return `${PHONE.countryCode}${digits.join('')}`;
}
