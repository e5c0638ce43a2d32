import { useMemo } from 'react';
import { useLanguage } from '#client/lib/use-language';
import { formatMoney } from '#client/lib/format-money';
import { formatDate } from '#shared/format-date';

export interface Formatters {
  /** Whole numbers with the language's digit grouping (1,234 / 1 234). */
  number: (value: number) => string;
  /** Short numbers for chart axes: 19.5K / 19,5 k. */
  compact: (value: number) => string;
  /** Minor units as money: '$7.50' / '1,500 CFA' in English, '7,50 $US' / '1 500 CFA' in French. */
  money: (amount: number, currency: string) => string;
  /** A calendar date such as '4 Mar 2025' / '4 mars 2025'; null when the value is not a date. */
  date: (iso: string | null | undefined) => string | null;
}

/** Number and date formatting in the interface language, rebuilt only when the language changes. */
export function useFormatters(): Formatters {
  const language = useLanguage();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const compact = new Intl.NumberFormat(language, {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return {
      number: (value) => numbers.format(value),
      compact: (value) => compact.format(value),
      money: (amount, currency) => formatMoney(amount, currency, language),
      date: (iso) => {
        if (!iso) return null;
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? null : formatDate(date, language);
      },
    };
  }, [language]);
}
