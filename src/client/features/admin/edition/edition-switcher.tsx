import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Label } from '#client/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select';
import { useLanguage } from '#client/lib/use-language';
import { editionName, useEditions, useSelectedEdition } from './editions-query';
import { EditionStatusBadges } from './edition-status-badges';
import { useEditionHref } from './use-edition-href';

/**
 * Which edition the admin screens work on, at the top of every one: every edition with its status
 * and which is current. Choosing one puts it in the address (`?edition=`), keeping the open tab;
 * choosing the current one takes it out, so the screens follow the current edition. An archived
 * edition is announced as read-only.
 */
export function EditionSwitcher() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [, navigate] = useLocation();
  const hrefFor = useEditionHref();
  const editions = useEditions().data;
  const selected = useSelectedEdition();
  if (!editions || !selected) return null;
  const labelOf = (slug: string) => {
    const edition = editions.find((e) => e.slug === slug)!;
    const notes = [
      edition.isCurrent ? t('editions.current') : null,
      edition.archivedAt ? t('editions.archived') : t(`editions.status.${edition.status}`),
    ].filter(Boolean);
    return `${editionName(edition, language)} (${notes.join(', ')})`;
  };
  return (
    <div className="border-b border-border bg-muted/60">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-6">
        <Label htmlFor="admin-edition" id="admin-edition-label" className="shrink-0">
          {t('editions.switcherLabel')}
        </Label>
        <Select
          value={selected.slug}
          onValueChange={(slug) => {
            const chosen = editions.find((e) => e.slug === slug);
            if (chosen) navigate(hrefFor(chosen.isCurrent ? undefined : chosen.slug));
          }}
        >
          <SelectTrigger
            id="admin-edition"
            aria-labelledby="admin-edition-label"
            className="h-10 w-auto max-w-full min-w-0 flex-1 sm:max-w-sm"
          >
            <SelectValue>{editionName(selected, language)}</SelectValue>
          </SelectTrigger>
          <SelectContent className="min-w-[min(20rem,calc(100vw-1.5rem))]">
            {editions.map((edition) => (
              <SelectItem key={edition.slug} value={edition.slug}>
                {labelOf(edition.slug)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {/* Phones: the badges under the select, which keeps the row for the edition's name. */}
        <span className="max-sm:basis-full">
          <EditionStatusBadges edition={selected} />
        </span>
        {selected.archivedAt && (
          <p
            role="status"
            className="inline-flex basis-full items-center gap-1.5 text-sm text-muted-foreground"
          >
            <Archive className="size-4 shrink-0" aria-hidden="true" />
            {t('editions.archivedNotice')}
          </p>
        )}
      </div>
    </div>
  );
}
