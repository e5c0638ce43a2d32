import type { Language } from '#shared/limits';
import { formatAmount } from '#shared/money';

// Payment lists format an amount per row on every render, and building an Intl.NumberFormat is
// slow next to using one, so each French formatter is built once, on first use, and kept.
let frenchDollars: Intl.NumberFormat | undefined;
let frenchFrancs: Intl.NumberFormat | undefined;

/**
 * Amounts in minor units for display: XAF as whole francs with 'CFA', USD cents as dollars with
 * 2 decimals. English is exactly the shared format ('1,500 CFA', '$7.50'); French uses
 * French digit grouping and decimal comma ('1 500 CFA', '7,50 $US'), since '1,500' reads as one
 * and a half to a French reader.
 */
export function formatMoney(amount: number, currency: string, language: Language): string {
  if (language !== 'fr') return formatAmount(amount, currency);
  if (currency === 'USD') {
    frenchDollars ??= new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' });
    return frenchDollars.format(amount / 100);
  }
  frenchFrancs ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
  return `${frenchFrancs.format(amount)} CFA`;
}
