import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header straight to the page content. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-lg bg-gold-400 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skipToContent')}
    </a>
  );
}
