import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '#shared/limits';
import { LabelledSelect } from '#client/components/ui/labelled-select';

const isPeriod = (value: string): value is Period => (PERIODS as readonly string[]).includes(value);

interface PeriodSelectProps {
  value: Period;
  onChange: (period: Period) => void;
}

/** Today, Last 7 Days, This Month or All Time. */
export function PeriodSelect({ value, onChange }: PeriodSelectProps) {
  const { t } = useTranslation('admin');
  return (
    <LabelledSelect
      id="analytics-period"
      label={t('analytics.periodLabel')}
      value={value}
      onValueChange={(next) => {
        if (isPeriod(next)) onChange(next);
      }}
      options={PERIODS.map((period) => ({
        value: period,
        label: t(`analytics.periods.${period}`),
      }))}
      triggerClassName="sm:w-52"
    />
  );
}
