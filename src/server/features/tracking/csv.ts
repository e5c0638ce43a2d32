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
