/**
 * The refund amount as an admin types it: whole francs for XAF, dollars and cents for USD (a
 * comma or a point, as a French or English keyboard gives). The API takes minor units.
 */
export function parseAmountInput(text: string, currency: string): number | null {
  const compact = text.replace(/[\s\u202f\u00a0]/g, '');
  if (currency === 'USD') {
    const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(compact);
    if (!match) return null;
    return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  }
  return /^\d{1,9}$/.test(compact) ? Number(compact) : null;
}

/** Minor units back into what the field shows (no grouping, so it parses again as typed). */
export function amountInputValue(minor: number, currency: string): string {
  return currency === 'USD' ? (minor / 100).toFixed(2) : String(minor);
}
