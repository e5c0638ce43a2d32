import { useTranslation } from 'react-i18next';

/** Shown in place of a section whose code or data is on its way. */
export function SectionSpinner() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex justify-center py-16">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-gold-200 border-t-gold-500"
      />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
