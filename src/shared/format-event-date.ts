import { dateLocale } from './format-date.js';
import type { Language } from './limits.js';

/**
 * An instant as the event's clock shows it, in the interface language, with the zone named so a
 * voter abroad knows which clock it is ("Saturday 19 December 2026 at 20:00 UTC+1").
 */
export function formatEventDate(iso: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(dateLocale(language), {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
