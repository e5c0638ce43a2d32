import { useMemo } from 'react';
import { useLanguage } from '../../lib/use-language';

export interface Formatters {
  /** Whole numbers with the language's digit grouping (1,234 / 1 234). */
  number: (value: number) => string;
  /** A calendar date such as 'Mar 4, 2025' / '4 mars 2025'; null when the value is not a date. */
  date: (iso: string | null | undefined) => string | null;
}

/** Number and date formatting in the interface language, rebuilt only when the language changes. */
export function useFormatters(): Formatters {
  const language = useLanguage();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return {
      number: (value) => numbers.format(value),
      date: (iso) => {
        if (!iso) return null;
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? null : dates.format(date);
      },
    };
  }, [language]);
}
