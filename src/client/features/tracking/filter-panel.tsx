import { Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { DateRangeError, DateRangeFields } from '#client/components/ui/date-range-fields';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { cn } from '#client/lib/cn';
import { activeFilterCount, datesInverted } from '#client/lib/list-filters';
import { useProviderLabel } from '#client/lib/use-provider-label';
import { LabelledSelect } from '#client/components/ui/labelled-select';
import { ResetFiltersButton } from '#client/components/ui/reset-filters-button';
import {
  ATTEMPT_FILTERS,
  FLAG_FILTERS,
  PROVIDER_FILTERS,
  STATUS_FILTERS,
} from './tracking-filters';
import { TRACKING_TIMEZONES } from './tracking-timezone';
import type { TrackingState } from './use-tracking-state';

const SEARCH_MAX_LENGTH = 100;

/**
 * Search first (a voter on the phone gives an id, an e-mail or a number), then the filters. On
 * phones the filters fold behind a toggle so the results stay within reach of the thumb.
 */
export function FilterPanel({ state }: { state: TrackingState }) {
  const { t } = useTranslation('tracking');
  const providerLabel = useProviderLabel();
  const [open, setOpen] = useState(false);
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const { filters } = state;
  const active = activeFilterCount(filters);
  const inverted = datesInverted(filters);

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('search')}>{t('search.label')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={id('search')}
            type="search"
            inputMode="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t('search.placeholder')}
            value={state.searchInput}
            onChange={(event) => state.setSearchInput(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={id('filters')}
          onClick={() => setOpen((value) => !value)}
        >
          <SlidersHorizontal aria-hidden="true" />
          {open ? t('filters.hide') : t('filters.show')}
        </Button>
        <p className="sr-only md:not-sr-only md:text-sm md:font-medium" id={id('filters-title')}>
          {t('filters.label')}
        </p>
        {active > 0 ? (
          <Badge variant="accent" aria-live="polite">
            {t('filters.active', { count: active })}
          </Badge>
        ) : null}
        <ResetFiltersButton
          size="sm"
          className="ml-auto"
          disabled={active === 0}
          onClick={state.resetFilters}
        >
          {t('filters.reset')}
        </ResetFiltersButton>
      </div>

      <div
        id={id('filters')}
        role="group"
        aria-labelledby={id('filters-title')}
        className={cn(
          'mt-3 grid-cols-2 gap-3 sm:grid-cols-3 md:grid lg:grid-cols-7',
          open ? 'grid' : 'hidden',
        )}
      >
        <LabelledSelect
          id={id('timezone')}
          label={t('filters.timezone')}
          value={state.timeZone}
          options={TRACKING_TIMEZONES.map((zone) => ({ value: zone.id, label: zone.label }))}
          onValueChange={state.setTimeZone}
        />
        <LabelledSelect
          id={id('provider')}
          label={t('filters.provider')}
          value={filters.provider}
          options={PROVIDER_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('filters.providers.all') : providerLabel(value),
          }))}
          onValueChange={(value) => state.setFilter('provider', value)}
        />
        <LabelledSelect
          id={id('status')}
          label={t('filters.status')}
          value={filters.status}
          options={STATUS_FILTERS.map((value) => ({
            value,
            label: t(`filters.statuses.${value}`),
          }))}
          onValueChange={(value) => state.setFilter('status', value)}
        />
        <LabelledSelect
          id={id('attempt')}
          label={t('filters.attempt')}
          value={filters.attempt}
          options={ATTEMPT_FILTERS.map((value) => ({
            value,
            label: t(`filters.attempts.${value}`),
          }))}
          onValueChange={(value) => state.setFilter('attempt', value)}
        />
        <LabelledSelect
          id={id('flag')}
          label={t('filters.flag')}
          value={filters.flag}
          options={FLAG_FILTERS.map((value) => ({
            value,
            label: t(`filters.flags.${value}`),
          }))}
          onValueChange={(value) => state.setFilter('flag', value)}
        />
        <DateRangeFields
          id={ids}
          range={filters}
          labels={{ from: t('filters.from'), to: t('filters.to') }}
          inverted={inverted}
          onChange={state.setFilter}
        />
      </div>
      <DateRangeError id={ids} inverted={inverted} message={t('filters.datesInverted')} />
    </Card>
  );
}
