import { useTranslation } from 'react-i18next';

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="mt-16 border-t border-border bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t('footer.payments')}</p>
        <p>{t('footer.rights')}</p>
      </div>
    </footer>
  );
}
