import type { PaymentFlag } from '#shared/schemas/payment-flags.js';

/** A number and nothing else (-12.50): a spreadsheet reads it as a value, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell, RFC 4180 quoted when needed. Cells a spreadsheet would run as a formula (starting
 * with = + - @, or a tab or carriage return) are prefixed with an apostrophe: a voter controls their
 * e-mail, and `=HYPERLINK(...)` in an export must not execute on the organiser's laptop. A negative
 * amount stays a number, so a finance export adds up in the spreadsheet.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A payment's velocity flags in one cell, each with what it measured against its threshold over
 * its window, e.g. `device-phones 4/3 in 60 min; category-burst 450/200 in 10 min (usual 30)`;
 * a cleared flag says so.
 */
export function flagsCell(flags: readonly PaymentFlag[]): string {
  return flags
    .map((flag) => {
      const window =
        flag.windowSeconds % 60 === 0
          ? `${flag.windowSeconds / 60} min`
          : `${flag.windowSeconds} s`;
      const usual = flag.usual === null ? '' : ` (usual ${flag.usual})`;
      const cleared = flag.clearedAt ? ' cleared' : '';
      return `${flag.kind} ${flag.measured}/${flag.threshold} in ${window}${usual}${cleared}`;
    })
    .join('; ');
}
