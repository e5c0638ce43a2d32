import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '../../../shared/limits';
import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';

const isPeriod = (value: string): value is Period => (PERIODS as readonly string[]).includes(value);

interface PeriodSelectProps {
  value: Period;
  onChange: (period: Period) => void;
}

/** Today, Last 7 Days, This Month or All Time (SPEC 2 Analytics). */
export function PeriodSelect({ value, onChange }: PeriodSelectProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-1.5">
      <Label id="analytics-period-label">{t('analytics.periodLabel')}</Label>
      <Select
        value={value}
        onValueChange={(next) => {
          if (isPeriod(next)) onChange(next);
        }}
      >
        <SelectTrigger aria-labelledby="analytics-period-label" className="sm:w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PERIODS.map((period) => (
            <SelectItem key={period} value={period}>
              {t(`analytics.periods.${period}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
