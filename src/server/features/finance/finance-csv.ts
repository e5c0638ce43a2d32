import { csvLine } from '#server/features/tracking/csv.js';
import type { Currency } from '#shared/money.js';
import {
  FINANCE_CSV_COLUMNS,
  type FinanceFigures,
  type FinanceReport,
} from '#shared/schemas/finance.js';

const DECIMALS: Record<Currency, number> = { USD: 2, XAF: 0 };

/**
 * Minor units as a plain decimal in the currency's main unit (1234 USD cents: 12.34; XAF has no
 * minor unit), with no symbol or grouping, so a spreadsheet reads every cell as a number.
 */
export function mainUnits(amount: number, currency: Currency): string {
  const decimals = DECIMALS[currency];
  if (decimals === 0) return String(amount);
  const unit = 10 ** decimals;
  const whole = Math.floor(Math.abs(amount) / unit);
  const fraction = String(Math.abs(amount) % unit).padStart(decimals, '0');
  return `${amount < 0 ? '-' : ''}${whole}.${fraction}`;
}

function figureCells(figures: FinanceFigures, currency: Currency) {
  const money = (amount: number) => mainUnits(amount, currency);
  return [
    figures.payments,
    money(figures.gross),
    money(figures.fees),
    money(figures.estimatedFees),
    figures.estimatedFeePayments,
    money(figures.refunds),
    money(figures.disputesHeld),
    money(figures.disputesLost),
    money(figures.net),
    figures.needsReview,
    money(figures.needsReviewAmount),
  ];
}

/**
 * The report as CSV (UTF-8 with a byte-order mark, so Excel reads it as such): one line per day,
 * provider and currency, then one `Total` line per currency. Currencies are never added together.
 */
export function financeCsv(report: FinanceReport): string {
  const lines = [csvLine([...FINANCE_CSV_COLUMNS])];
  for (const row of report.rows) {
    lines.push(csvLine([row.day, row.source, row.currency, ...figureCells(row, row.currency)]));
  }
  for (const total of report.totals) {
    lines.push(csvLine(['Total', '', total.currency, ...figureCells(total, total.currency)]));
  }
  return `\uFEFF${lines.join('')}`;
}
