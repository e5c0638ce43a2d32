/**
 * One CSV cell, RFC 4180 quoted when needed. Cells a spreadsheet would run as a formula (starting
 * with = + - @, or a tab or carriage return) are prefixed with an apostrophe: a voter controls their
 * e-mail, and `=HYPERLINK(...)` in an export must not execute on the organiser's laptop.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
