import { useTranslation } from 'react-i18next';
import { PageLayout } from './page-layout';

/** Shown while a lazily loaded screen (or its translations) downloads. */
export function RouteFallback() {
  const { t } = useTranslation('common');
  return (
    <PageLayout>
      <div role="status" className="flex justify-center px-4 py-24">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-gold-200 border-t-gold-500"
        />
        <span className="sr-only">{t('loading')}</span>
      </div>
    </PageLayout>
  );
}
