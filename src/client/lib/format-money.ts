import type { Language } from '#shared/limits';
import { formatAmount } from '#shared/money';

/**
 * Amounts in minor units for display: XAF as whole francs with 'CFA', USD cents as dollars with
 * 2 decimals. English is exactly the shared format ('1,500 CFA', '$7.50'); French uses
 * French digit grouping and decimal comma ('1 500 CFA', '7,50 $US'), since '1,500' reads as one
 * and a half to a French reader.
 */
export function formatMoney(amount: number, currency: string, language: Language): string {
  if (language !== 'fr') return formatAmount(amount, currency);
  if (currency === 'USD') {
    return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(
      amount / 100,
    );
  }
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(amount)} CFA`;
}
