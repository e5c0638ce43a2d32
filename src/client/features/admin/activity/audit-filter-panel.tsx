import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '#shared/schemas/audit';
import { Card } from '#client/components/ui/card';
import { DateRangeError, DateRangeFields } from '#client/components/ui/date-range-fields';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import { ResetFiltersButton } from '#client/components/ui/reset-filters-button';
import { activeFilterCount, datesInverted } from '#client/lib/list-filters';
import type { AuditActionFilter, AuditFilters } from '../audit-filters';

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
  const inverted = datesInverted(filters);
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
        <DateRangeFields
          id={ids}
          range={filters}
          labels={{ from: t('audit.filters.from'), to: t('audit.filters.to') }}
          inverted={inverted}
          onChange={onFilter}
        />
        <ResetFiltersButton
          className="col-span-2 justify-self-end lg:col-span-1"
          disabled={activeFilterCount(filters) === 0 && actorInput === ''}
          onClick={onReset}
        >
          {t('audit.filters.reset')}
        </ResetFiltersButton>
      </div>
      <DateRangeError id={ids} inverted={inverted} message={t('audit.filters.datesInverted')} />
    </Card>
  );
}
