import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '#shared/schemas/audit';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import {
  activeAuditFilterCount,
  auditDatesInverted,
  type AuditActionFilter,
  type AuditFilters,
} from './audit-filters';

/** An e-mail is at most 320 characters; the server refuses a longer filter. */
const ACTOR_MAX_LENGTH = 320;

interface AuditFilterPanelProps {
  filters: AuditFilters;
  /** What is in the actor box now; the filter follows it after a pause in typing. */
  actorInput: string;
  onActorInput: (value: string) => void;
  onFilter: <K extends Exclude<keyof AuditFilters, 'actor'>>(
    key: K,
    value: AuditFilters[K],
  ) => void;
  onReset: () => void;
}

export function AuditFilterPanel({
  filters,
  actorInput,
  onActorInput,
  onFilter,
  onReset,
}: AuditFilterPanelProps) {
  const { t } = useTranslation('admin');
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const inverted = auditDatesInverted(filters);
  const actions: AuditActionFilter[] = ['all', ...AUDIT_ACTIONS];

  return (
    <Card className="p-4 sm:p-5">
      <div
        role="group"
        aria-label={t('audit.filters.label')}
        className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_10.5rem_10.5rem_auto] lg:items-end"
      >
        <LabelledSelect
          id={id('action')}
          label={t('audit.filters.action')}
          value={filters.action}
          className="col-span-2 sm:col-span-1"
          options={actions.map((value) => ({
            value,
            label: value === 'all' ? t('audit.filters.allActions') : t(`audit.actions.${value}`),
          }))}
          onValueChange={(value) => onFilter('action', value)}
        />
        <div className="col-span-2 flex min-w-0 flex-col gap-1.5 sm:col-span-1">
          <Label htmlFor={id('actor')}>{t('audit.filters.actor')}</Label>
          <Input
            id={id('actor')}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={ACTOR_MAX_LENGTH}
            placeholder={t('audit.filters.actorPlaceholder')}
            value={actorInput}
            onChange={(event) => onActorInput(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={id('from')}>{t('audit.filters.from')}</Label>
          <Input
            id={id('from')}
            type="date"
            className="px-2"
            value={filters.from}
            max={filters.to || undefined}
            aria-invalid={inverted || undefined}
            aria-describedby={inverted ? id('dates-error') : undefined}
            onChange={(event) => onFilter('from', event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={id('to')}>{t('audit.filters.to')}</Label>
          <Input
            id={id('to')}
            type="date"
            className="px-2"
            value={filters.to}
            min={filters.from || undefined}
            aria-invalid={inverted || undefined}
            aria-describedby={inverted ? id('dates-error') : undefined}
            onChange={(event) => onFilter('to', event.target.value)}
          />
        </div>
        <Button
          variant="ghost"
          className="col-span-2 justify-self-end lg:col-span-1"
          disabled={activeAuditFilterCount(filters) === 0 && actorInput === ''}
          onClick={onReset}
        >
          <RotateCcw aria-hidden="true" />
          {t('audit.filters.reset')}
        </Button>
      </div>
      {inverted ? (
        <p id={id('dates-error')} role="alert" className="mt-2 text-sm text-destructive">
          {t('audit.filters.datesInverted')}
        </p>
      ) : null}
    </Card>
  );
}
