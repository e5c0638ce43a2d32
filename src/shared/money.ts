/**
 * Prices and money formatting. Amounts are integers in minor units everywhere:
 * XAF has no minor unit, USD is in cents.
 */
/** A new edition's prices per vote; each edition sets its own (the event settings' `prices`). */
export const DEFAULT_PRICE_PER_VOTE = { XAF: 100, USD: 50 } as const;
export type Currency = keyof typeof DEFAULT_PRICE_PER_VOTE;
export const CURRENCIES = ['XAF', 'USD'] as const satisfies readonly Currency[];

export const PROVIDER_CURRENCY = { campay: 'XAF', stripe: 'USD' } as const satisfies Record<
  string,
  Currency
>;
export type Provider = keyof typeof PROVIDER_CURRENCY;
/** Each currency has one provider (the sandbox stands in for it under its name). */
export const CURRENCY_PROVIDER = { XAF: 'campay', USD: 'stripe' } as const satisfies Record<
  Currency,
  Provider
>;
export const PROVIDERS = ['stripe', 'campay'] as const satisfies readonly Provider[];

/** What `totalVotes` cost at `prices` (an edition's, or the defaults), in minor units. */
export function amountForVotes(
  totalVotes: number,
  currency: Currency,
  prices: Readonly<Record<Currency, number>> = DEFAULT_PRICE_PER_VOTE,
): number {
  return totalVotes * prices[currency];
}

/** 'n CFA' for XAF (whole numbers), '$n.nn' for USD (cents / 100, 2 decimals). */
export function formatAmount(amount: number, currency: string): string {
  if (currency === 'USD') return `$${(amount / 100).toFixed(2)}`;
  return `${Math.round(amount).toLocaleString('en-US')} CFA`;
}
