import { useTranslation } from 'react-i18next';
import type { EditionSummary } from '#shared/schemas/edition';
import { Badge } from '#client/components/ui/badge';

/** What an organiser needs to know of an edition at a glance: current, archived, voting status. */
export function EditionStatusBadges({ edition }: { edition: EditionSummary }) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {edition.isCurrent && <Badge variant="success">{t('editions.current')}</Badge>}
      {edition.archivedAt ? (
        <Badge variant="muted">{t('editions.archived')}</Badge>
      ) : (
        <Badge variant="outline">{t(`editions.status.${edition.status}`)}</Badge>
      )}
    </span>
  );
}
