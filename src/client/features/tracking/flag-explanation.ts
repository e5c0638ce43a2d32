import type { TFunction } from 'i18next';
import type { Language } from '#shared/limits';
import type { PaymentFlag } from '#shared/schemas/payment-flags';

/** How long a flag's window was, in words ("10 minutes", "45 seconds"). */
function windowText(t: TFunction<'tracking'>, seconds: number): string {
  return seconds % 60 === 0
    ? t('flags.minutes', { count: seconds / 60 })
    : t('flags.seconds', { count: seconds });
}

/** Why a payment was flagged, in the organiser's language, from what the rule measured. */
export function flagExplanation(
  t: TFunction<'tracking'>,
  flag: PaymentFlag,
  language: Language,
): string {
  const values = {
    measured: flag.measured,
    threshold: flag.threshold,
    window: windowText(t, flag.windowSeconds),
  };
  if (flag.kind !== 'category-burst') return t(`flags.kinds.${flag.kind}`, values);
  const category =
    (language === 'fr' ? flag.categoryNameFr : null) ?? flag.categoryName ?? t('flags.aCategory');
  return t('flags.kinds.category-burst', { ...values, category, usual: flag.usual ?? 0 });
}
