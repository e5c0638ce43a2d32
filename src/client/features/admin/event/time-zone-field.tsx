import { useTranslation } from 'react-i18next';
import { Combobox } from '#client/components/ui/combobox';
import type { FieldControlProps } from '#client/components/ui/form-field';
import { timeZoneLabel, timeZoneOptions } from './time-zone-options';

interface TimeZoneFieldProps {
  control: FieldControlProps;
  value: string;
  onValueChange: (zone: string) => void;
}

/**
 * The event's time zone, found by typing part of its name or offset. Some 420 zones: the list is
 * built when it opens and drawn only where it is in view, so opening the Event tab builds none.
 */
export function TimeZoneField({ control, value, onValueChange }: TimeZoneFieldProps) {
  const { t } = useTranslation('admin');
  return (
    <Combobox
      {...control}
      value={value}
      onValueChange={onValueChange}
      valueLabel={timeZoneLabel(value)}
      options={() => timeZoneOptions(value)}
      listLabel={t('event.form.timezoneList')}
      placeholder={t('event.form.timezoneSearch')}
      noMatches={(query) => t('event.form.timezoneNoMatch', { query })}
    />
  );
}
