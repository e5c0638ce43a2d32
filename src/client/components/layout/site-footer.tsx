import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/**
 * The foot of every page: how voters pay, the archive of past editions (always offered: asking
 * whether there is one would cost every page a request; `~/`, so an edition's own pages under
 * /e/{slug}/ link to it and not to a page of theirs) and the rights line.
 */
export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="mt-16 border-t border-border bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t('footer.payments')}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
          <Link
            href="~/editions"
            className="inline-flex min-h-6 items-center font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {t('footer.pastEditions')}
          </Link>
          <p>{t('footer.rights')}</p>
        </div>
      </div>
    </footer>
  );
}
