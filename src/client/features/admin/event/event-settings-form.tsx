import { Loader2, Save } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EVENT_NAME_MAX,
  HIDE_COUNTS_HOURS_MAX,
  eventSettingsSchema,
  type ResultsVisibility,
} from '#shared/schemas/event';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { SegmentedToggle } from '#client/components/ui/segmented-toggle';
import { useSaveEvent } from './use-save-event';
import { eventFormErrors, serverFormErrors } from './event-form-errors';
import { draftSettings, hasChanges, withProblems, type EventFormValues } from './event-form-values';
import { focusFirstError, withoutError, type FormErrors } from '../form-errors';
import { TimeZoneField } from './time-zone-field';
import { UnsavedChangesDialog } from '../unsaved-changes-dialog';
import { useLeaveGuard } from '../use-leave-guard';
import type { TabGuard } from '../use-tab-guard';
import { ZonedDateTimeField } from './zoned-date-time-field';
import { useFormatters } from '../use-formatters';
import { PriceField } from './price-field';

interface EventSettingsFormProps {
  /** The saved settings; the form is keyed on them, so a save starts it afresh. */
  loaded: EventFormValues;
  /** The page's tabs, which ask before leaving unsaved settings behind. */
  tabGuard?: TabGuard;
  /** An archived edition: its settings are shown, not changed. */
  readOnly?: boolean;
}

type TextField = Exclude<
  keyof EventFormValues,
  'resultsVisibility' | 'smsReceipts' | 'pricesMinor'
>;

/**
 * The event's settings, checked with the same shared schema as PUT /api/admin/event. The window
 * is entered on the event's clock, in the zone chosen here.
 */
export function EventSettingsForm({ loaded, tabGuard, readOnly = false }: EventSettingsFormProps) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(loaded);
  const [errors, setErrors] = useState<FormErrors>({});
  const dirty = hasChanges(values, loaded);
  const guard = useLeaveGuard(dirty, tabGuard);
  const save = useSaveEvent();

  const set =
    (field: TextField, errorKey: string = field) =>
    (value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => withoutError(current, errorKey));
    };
  const bind = (field: TextField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });

  const showErrors = (next: FormErrors) => {
    setErrors(next);
    // After React has marked the fields invalid.
    requestAnimationFrame(() => focusFirstError(formRef.current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const draft = draftSettings(values);
    const parsed = eventSettingsSchema.safeParse(draft.input);
    const found = withProblems(
      parsed.success ? {} : eventFormErrors(parsed.error, t),
      draft.problems,
      (problem) => t(`event.validation.${problem}`),
    );
    if (!parsed.success || Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onError: (error) => showErrors(serverFormErrors(error)) });
  };

  const smsOptions = [
    { value: 'on', label: t('event.form.smsOn') },
    { value: 'off', label: t('event.form.smsOff') },
  ] as const;

  const visibilityOptions = [
    { value: 'live', label: t('event.form.visibilityLive') },
    { value: 'hidden', label: t('event.form.visibilityHidden') },
  ] as const;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby="event-settings-heading"
      className="flex flex-col gap-5"
    >
      {/* An archived edition's settings stay readable; every control is disabled. */}
      <fieldset disabled={readOnly} className="contents">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField id="event-name" label={t('event.form.name')} required error={errors.name}>
            {(control) => (
              <Input {...control} {...bind('name')} maxLength={EVENT_NAME_MAX} required />
            )}
          </FormField>
          <FormField id="event-name-fr" label={t('event.form.nameFr')} error={errors.nameFr}>
            {(control) => (
              <Input {...control} {...bind('nameFr')} lang="fr" maxLength={EVENT_NAME_MAX} />
            )}
          </FormField>
        </div>

        <FormField
          id="event-timezone"
          label={t('event.form.timezone')}
          hint={t('event.form.timezoneHint')}
          error={errors.timezone}
        >
          {(control) => (
            <TimeZoneField
              control={control}
              value={values.timezone}
              onValueChange={set('timezone')}
            />
          )}
        </FormField>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <ZonedDateTimeField
            id="event-opens"
            legend={t('event.form.opens')}
            hint={t('event.form.opensHint', { zone: values.timezone })}
            date={values.opensDate}
            time={values.opensTime}
            onDateChange={set('opensDate', 'opens')}
            onTimeChange={set('opensTime', 'opens')}
            error={errors.opens}
          />
          <ZonedDateTimeField
            id="event-closes"
            legend={t('event.form.closes')}
            hint={t('event.form.closesHint', { zone: values.timezone })}
            date={values.closesDate}
            time={values.closesTime}
            onDateChange={set('closesDate', 'closes')}
            onTimeChange={set('closesTime', 'closes')}
            error={errors.closes}
          />
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{t('event.form.visibility')}</span>
            <SegmentedToggle<ResultsVisibility>
              label={t('event.form.visibility')}
              value={values.resultsVisibility}
              onChange={(value) =>
                setValues((current) => ({ ...current, resultsVisibility: value }))
              }
              options={visibilityOptions}
              className="w-fit"
            />
            <p className="text-xs text-muted-foreground">
              {t(
                values.resultsVisibility === 'live'
                  ? 'event.form.visibilityLiveHint'
                  : 'event.form.visibilityHiddenHint',
              )}
            </p>
          </div>
          <FormField
            id="event-hide-hours"
            label={t('event.form.hideHours')}
            hint={t('event.form.hideHoursHint')}
            error={errors.hideCountsHours}
          >
            {(control) => (
              <Input
                {...control}
                {...bind('hideCountsHours')}
                type="number"
                inputMode="numeric"
                min={1}
                max={HIDE_COUNTS_HOURS_MAX}
                step={1}
                className="w-32"
              />
            )}
          </FormField>
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PriceField
            id="event-price-xaf"
            currency="XAF"
            label={t('event.form.priceXaf')}
            hint={t('event.form.priceHint', {
              amount: format.money(loaded.pricesMinor.XAF, 'XAF'),
            })}
            error={errors.priceXaf}
            {...bind('priceXaf')}
          />
          <PriceField
            id="event-price-usd"
            currency="USD"
            label={t('event.form.priceUsd')}
            hint={t('event.form.priceHint', {
              amount: format.money(loaded.pricesMinor.USD, 'USD'),
            })}
            error={errors.priceUsd}
            {...bind('priceUsd')}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{t('event.form.smsReceipts')}</span>
          <SegmentedToggle<'on' | 'off'>
            label={t('event.form.smsReceipts')}
            value={values.smsReceipts ? 'on' : 'off'}
            onChange={(value) =>
              setValues((current) => ({ ...current, smsReceipts: value === 'on' }))
            }
            options={smsOptions}
            className="w-fit"
          />
          <p className="text-xs text-muted-foreground">
            {t(values.smsReceipts ? 'event.form.smsOnHint' : 'event.form.smsOffHint')}
          </p>
        </div>

        {/* Phones: the note on its own line, the two actions side by side under it. */}
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border pt-4 max-sm:[&>button]:flex-1">
          <p
            className="mr-auto text-sm font-medium text-gold-700 max-sm:basis-full"
            aria-live="polite"
          >
            {dirty ? t('editor.unsavedNote') : ''}
          </p>
          <Button
            variant="outline"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setValues(loaded);
              setErrors({});
            }}
          >
            {t('event.form.discard')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {save.isPending ? t('editor.saving') : t('event.form.save')}
          </Button>
        </div>
      </fieldset>
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}
