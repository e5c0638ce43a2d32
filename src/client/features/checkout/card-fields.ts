/**
 * The sandbox's own card form: formatting as the voter types and the checks
 * a real card form makes before anything is sent. Only the number reaches the server.
 */
const CARD_DIGITS = { min: 12, max: 19 } as const;

export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CARD_DIGITS.max);
}

/** '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Digits become MM/YY; the slash appears once the month is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export function isCardNumberComplete(value: string): boolean {
  const digits = cardDigits(value);
  return digits.length >= CARD_DIGITS.min && digits.length <= CARD_DIGITS.max;
}

/** MM/YY, a real month, not before the current month. */
export function isExpiryValid(value: string, today: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const thisYear = today.getFullYear();
  const thisMonth = today.getMonth() + 1;
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

export function isCvcValid(value: string): boolean {
  return /^\d{3,4}$/.test(value);
}
