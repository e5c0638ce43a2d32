import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FrenchField } from '#shared/schemas/admin';
import { cn } from '#client/lib/cn';

interface MissingFrenchBadgeProps {
  fields: readonly FrenchField[];
  className?: string;
}

/**
 * Texts with English but no French yet: the site shows the English there. The server reports them
 * (no translation provider, or it failed); nothing renders when all French is present.
 */
export function MissingFrenchBadge({ fields, className }: MissingFrenchBadgeProps) {
  const { t } = useTranslation('admin');
  if (fields.length === 0) return null;
  const names = [...new Set(fields)].map((field) => t(`french.fields.${field}`)).join(', ');
  return (
    <p
      className={cn(
        'inline-flex max-w-full items-start gap-1.5 rounded-md bg-gold-50 px-2 py-1 text-xs font-medium text-gold-800 ring-1 ring-gold-200',
        className,
      )}
    >
      <Languages className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{t('french.missing', { fields: names })}</span>
    </p>
  );
}
