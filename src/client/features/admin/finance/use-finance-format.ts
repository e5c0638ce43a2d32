import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/format-date';
import { CURRENCY_PROVIDER, type Currency } from '#shared/money';
import type { FeeRate, FinanceSource } from '#shared/schemas/finance';
import { formatMoney } from '#client/lib/format-money';
import { useLanguage } from '#client/lib/use-language';
import { useProviderLabel } from '#client/lib/use-provider-label';

export interface FinanceFormat {
  /** Minor units as money, a loss with a minus sign before the symbol: −$0.18, −18 CFA. */
  money: (amount: number, currency: Currency) => string;
  /** A report day (YYYY-MM-DD) as a date: 11 Mar 2025 / 11 mars 2025. */
  day: (day: string) => string;
  /** Who took the money, named as on every screen: Card, Mobile Money, Card (sandbox)… */
  source: (source: FinanceSource, currency: Currency) => string;
  /** An estimate's rate: 2.9 % + $0.30. */
  rate: (rate: FeeRate, currency: Currency) => string;
  number: (value: number) => string;
}

export function useFinanceFormat(): FinanceFormat {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const providerLabel = useProviderLabel();
  return useMemo(() => {
    const percents = new Intl.NumberFormat(language, {
      style: 'percent',
      maximumFractionDigits: 2,
    });
    const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const money = (amount: number, currency: Currency) =>
      amount < 0
        ? `\u2212${formatMoney(-amount, currency, language)}`
        : formatMoney(amount, currency, language);
    return {
      money,
      // A report day is a calendar date: read and shown in UTC so no zone moves it a day.
      day: (day) => formatDate(`${day}T00:00:00Z`, language, { timeZone: 'UTC' }),
      source: (source, currency) =>
        source === 'sandbox'
          ? providerLabel(CURRENCY_PROVIDER[currency], true)
          : providerLabel(source),
      rate: (rate, currency) => {
        const percent = percents.format(rate.basisPoints / 10_000);
        return rate.fixed > 0
          ? t('finance.rate', { percent, fixed: money(rate.fixed, currency) })
          : t('finance.rateOnly', { percent });
      },
      number: (value) => numbers.format(value),
    };
  }, [language, providerLabel, t]);
}
