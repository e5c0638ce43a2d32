import { useTranslation } from 'react-i18next';
import type { FrenchField } from '#shared/schemas/admin';

interface FrenchLabelNoteProps {
  field: FrenchField;
  machineTranslated: readonly FrenchField[] | undefined;
  missingFrench: readonly FrenchField[] | undefined;
}

/**
 * Next to a French field's label: whether its text came from machine translation (editing it makes
 * it the admin's own, never overwritten) or is missing (the site shows the English).
 */
export function FrenchLabelNote({ field, machineTranslated, missingFrench }: FrenchLabelNoteProps) {
  const { t } = useTranslation('admin');
  if (missingFrench?.includes(field)) {
    return (
      <span className="rounded bg-gold-50 px-1.5 text-xs leading-5 font-medium text-gold-800 ring-1 ring-gold-200">
        {t('french.missingShort')}
      </span>
    );
  }
  if (machineTranslated?.includes(field)) {
    return (
      <span
        className="rounded bg-ink-50 px-1.5 text-xs leading-5 font-medium text-ink-700 ring-1 ring-ink-100"
        title={t('french.machineHint')}
      >
        {t('french.machine')}
      </span>
    );
  }
  return null;
}
