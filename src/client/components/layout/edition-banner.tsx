import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useEditionScope } from '#client/lib/edition-scope';
import { useEvent } from '#client/lib/event-query';
import { useLocalized } from '#client/lib/use-localized';

/**
 * On an edition's own pages (`/e/{slug}/`), which edition this is and the way to the current one:
 * a voter who followed an old link should not take last year's nominees for this year's.
 */
export function EditionBanner() {
  const { t } = useTranslation('common');
  const edition = useEditionScope();
  const { data: event } = useEvent();
  const pick = useLocalized();
  if (edition === undefined || !event || event.isCurrent) return null;
  const name = pick(event.name, event.nameFr);
  return (
    <div className="border-b border-gold-200 bg-gold-50 text-ink-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p className="flex items-start gap-2 font-medium">
          <History className="mt-0.5 size-4 shrink-0 text-gold-800" aria-hidden="true" />
          {event.status === 'upcoming'
            ? t('edition.upcoming', { name })
            : t('edition.past', { name })}
        </p>
        <Link
          href="~/categories"
          className="ml-auto inline-flex min-h-6 items-center font-semibold text-gold-800 underline underline-offset-2 hover:text-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t('edition.toCurrent')}
        </Link>
      </div>
    </div>
  );
}
