import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#shared/schemas/audit';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { fieldOf, orderedChangedFields, recordName, summarise, valueText } from './audit-display';

interface AuditEntryItemProps {
  entry: AuditEntry;
  /** Formats the entry's instant in the tab's time zone and language. */
  formatAt: (iso: string) => string;
}

/**
 * One change: when and who on the first line, what and which record on the second, a one-line
 * summary, and the field-by-field values behind a disclosure button.
 */
export function AuditEntryItem({ entry, formatAt }: AuditEntryItemProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const fields = orderedChangedFields(entry.before, entry.after);
  const summary = summarise(entry);
  const fieldName = (field: string) => t(`audit.fields.${field}`, { defaultValue: field });
  const fieldList = (names: string[]) => names.map(fieldName).join(', ');
  const words = {
    empty: t('audit.details.empty'),
    yes: t('audit.details.yes'),
    no: t('audit.details.no'),
  };
  const name = recordName(entry);
  const entity = t(`audit.entities.${entry.entityType}`, { defaultValue: entry.entityType });

  let text: string;
  switch (summary.kind) {
    case 'created':
      text = summary.fields.length
        ? t('audit.summary.createdWith', { fields: fieldList(summary.fields) })
        : t('audit.summary.created');
      break;
    case 'changed':
      text = t('audit.summary.changed', { fields: fieldList(summary.fields) });
      break;
    case 'checked':
      text = t('audit.summary.checked', { checked: summary.checked, updated: summary.updated });
      break;
    default:
      text = t(`audit.summary.${summary.kind}`);
  }
  // A check's two figures are all its summary says already: nothing more to disclose.
  const hasDetails = (summary.kind !== 'checked' && fields.length > 0) || Boolean(entry.reason);

  return (
    <li className="flex flex-col gap-1.5 px-4 py-3 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-x-6">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm md:flex-col md:gap-1">
        <time dateTime={entry.at} className="font-medium tabular-nums">
          {formatAt(entry.at)}
        </time>
        <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">
          {entry.actor ?? t('audit.system')}
        </span>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={entry.action.endsWith('.delete') ? 'destructive' : 'muted'}>
            {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
          </Badge>
          <span className="min-w-0 text-sm break-words">
            <span className="text-muted-foreground">{entity}</span>
            {name ? <span className="font-medium"> · {name}</span> : null}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="min-w-0 text-sm break-words">{text}</p>
          {hasDetails ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 px-2"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t('audit.details.hide') : t('audit.details.show')}
              <ChevronDown
                className={cn('transition-transform', open && 'rotate-180')}
                aria-hidden="true"
              />
            </Button>
          ) : null}
        </div>
        {hasDetails ? (
          <div
            id={detailsId}
            hidden={!open}
            className="rounded-md border border-border bg-muted/40 p-3 text-sm"
          >
            {entry.reason ? (
              <p className="mb-2">{t('audit.details.reason', { reason: entry.reason })}</p>
            ) : null}
            {summary.kind !== 'checked' && fields.length ? (
              <dl className="flex flex-col gap-3">
                {fields.map((field) => (
                  <div key={field} className="flex min-w-0 flex-col gap-1">
                    <dt className="font-medium">{fieldName(field)}</dt>
                    <dd className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5">
                      <span className="text-muted-foreground">{t('audit.details.before')}</span>
                      <span className="break-words whitespace-pre-wrap">
                        {valueText(fieldOf(entry.before, field), words)}
                      </span>
                      <span className="text-muted-foreground">{t('audit.details.after')}</span>
                      <span className="break-words whitespace-pre-wrap">
                        {valueText(fieldOf(entry.after, field), words)}
                      </span>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
