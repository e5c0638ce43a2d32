import { randomInt } from 'node:crypto';
import { RECEIPT_CODE_MAX } from '#shared/limits.js';

/** No 0/O, 1/I/L: codes are read aloud over the phone and typed on small keyboards. */
export const RECEIPT_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 12 characters from 31 symbols: about 59 bits of randomness, above the 50 the design asks for. */
export function generateReceiptCode(): string {
  let code = '';
  for (let i = 0; i < RECEIPT_CODE_MAX; i++)
    code += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return code;
}

export function isReceiptCodeShape(value: string): boolean {
  return value.length === RECEIPT_CODE_MAX && [...value].every((c) => RECEIPT_ALPHABET.includes(c));
}
