import type { Language } from './limits.js';

// Building an Intl.NumberFormat is slow next to using one, and a page can show dozens of counts,
// so each language's formatter is built once, on first use, and kept.
const formatters: Partial<Record<Language, Intl.NumberFormat>> = {};

/**
 * A count for display: '1,234' in English, '1 234' in French (with a narrow no-break space),
 * since '1,234' reads as a decimal to a French reader.
 */
export function formatWholeNumber(value: number, language: Language): string {
  formatters[language] ??= new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB');
  return formatters[language].format(value);
}
