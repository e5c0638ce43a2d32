import type { Language } from './limits.js';

/**
 * Dates as every screen writes them, one way per language: the day before the month and a 24-hour
 * clock in both ("27 Nov 2026, 13:58" / "27 nov. 2026, 13:58"). Plain `en` would write US dates
 * ("Nov 27, 2026, 1:58 PM") beside the British ones of the event's own dates.
 */
export function dateLocale(language: Language): string {
  return language === 'fr' ? 'fr-FR' : 'en-GB';
}

const PARTS = {
  /** 27 Nov 2026 */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 27 Nov 2026, 13:58 */
  dateTime: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  /** 27 Nov (a chart's days) */
  dayMonth: { day: 'numeric', month: 'short' },
  /** 13:58 (a chart's hours) */
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Shape = keyof typeof PARTS;

// Building a formatter costs far more than using one, and a table formats hundreds of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(shape: Shape, language: Language, timeZone: string | undefined) {
  const key = `${shape}|${language}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(language), { ...PARTS[shape], timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** `value` in `timeZone` (the reader's own when absent), in one of the shapes above. */
export function formatDate(
  value: string | Date,
  language: Language,
  { timeZone, shape = 'date' }: { timeZone?: string; shape?: Shape } = {},
): string {
  return formatter(shape, language, timeZone).format(
    typeof value === 'string' ? new Date(value) : value,
  );
}

/** A date and its time: the shape of every moment an admin screen lists. */
export function formatDateTime(value: string | Date, language: Language, timeZone?: string) {
  return formatDate(value, language, { timeZone, shape: 'dateTime' });
}
