import type { EventSettingsInput, PublicEvent, ResultsVisibility } from '#shared/schemas/event';
import type { FormErrors } from '../form-errors';
import { fromZoned, toZoned } from './zoned-date-time';

/** The Event tab's fields as typed: the window as a date and a time on the event's clock. */
export interface EventFormValues {
  name: string;
  nameFr: string;
  timezone: string;
  opensDate: string;
  opensTime: string;
  closesDate: string;
  closesTime: string;
  resultsVisibility: ResultsVisibility;
  /** Empty for "never hide by the clock". */
  hideCountsHours: string;
  /** Payments' messages by SMS too; off, by e-mail only. */
  smsReceipts: boolean;
  /** Price per vote as typed: whole francs CFA, and US dollars with cents ("0.50"). */
  priceXaf: string;
  priceUsd: string;
  /** The saved prices in minor units, to show as money beside the fields (never edited). */
  pricesMinor: Record<'XAF' | 'USD', number>;
}

/** Minor units from what was typed (NaN when it is not a number, for the schema to refuse). */
const CENTS_PER_DOLLAR = 100;
const typedPrice = (typed: string, perUnit: number) => {
  const trimmed = typed.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Math.round(Number(trimmed) * perUnit);
};

export function valuesFromEvent(event: PublicEvent): EventFormValues {
  const opens = event.votingOpensAt ? toZoned(event.votingOpensAt, event.timezone) : null;
  const closes = event.votingClosesAt ? toZoned(event.votingClosesAt, event.timezone) : null;
  return {
    name: event.name,
    nameFr: event.nameFr ?? '',
    timezone: event.timezone,
    opensDate: opens?.date ?? '',
    opensTime: opens?.time ?? '',
    closesDate: closes?.date ?? '',
    closesTime: closes?.time ?? '',
    resultsVisibility: event.resultsVisibility,
    hideCountsHours:
      event.hideCountsHoursBeforeClose === null ? '' : String(event.hideCountsHoursBeforeClose),
    smsReceipts: event.smsReceipts,
    priceXaf: String(event.prices.XAF),
    priceUsd: (event.prices.USD / CENTS_PER_DOLLAR).toFixed(2),
    pricesMinor: event.prices,
  };
}

export function hasChanges(values: EventFormValues, loaded: EventFormValues): boolean {
  return (Object.keys(values) as (keyof EventFormValues)[])
    .filter((key) => key !== 'pricesMinor')
    .some((key) => String(values[key]).trim() !== String(loaded[key]).trim());
}

/** Why a bound could not be read, before the shared schema sees it. */
export type BoundProblem = 'dateAndTime' | 'invalidDate';

export interface SettingsDraft {
  /** What PUT /api/admin/event takes, to be checked by `eventSettingsSchema`. */
  input: EventSettingsInput;
  /** Bounds that are half filled or not real dates, keyed by the schema's field. */
  problems: Partial<Record<'votingOpensAt' | 'votingClosesAt', BoundProblem>>;
}

function bound(
  date: string,
  time: string,
  timeZone: string,
): { value: string | null; problem?: BoundProblem } {
  if (!date && !time) return { value: null };
  if (!date || !time) return { value: null, problem: 'dateAndTime' };
  const value = fromZoned({ date, time }, timeZone);
  return value === null ? { value: null, problem: 'invalidDate' } : { value };
}

/** The settings the form describes; the window is read on the event clock of the chosen zone. */
export function draftSettings(values: EventFormValues): SettingsDraft {
  const opens = bound(values.opensDate, values.opensTime, values.timezone);
  const closes = bound(values.closesDate, values.closesTime, values.timezone);
  const hours = values.hideCountsHours.trim();
  const problems: SettingsDraft['problems'] = {};
  if (opens.problem) problems.votingOpensAt = opens.problem;
  if (closes.problem) problems.votingClosesAt = closes.problem;
  return {
    input: {
      name: values.name,
      nameFr: values.nameFr,
      timezone: values.timezone,
      votingOpensAt: opens.value,
      votingClosesAt: closes.value,
      resultsVisibility: values.resultsVisibility,
      hideCountsHoursBeforeClose: hours === '' ? null : Number(hours),
      smsReceipts: values.smsReceipts,
      prices: {
        XAF: typedPrice(values.priceXaf, 1),
        USD: typedPrice(values.priceUsd, CENTS_PER_DOLLAR),
      },
    },
    problems,
  };
}

/** Which form field shows an error found at a schema path. */
export function fieldOfPath(path: string): string {
  if (path === 'votingOpensAt') return 'opens';
  if (path === 'votingClosesAt') return 'closes';
  if (path === 'hideCountsHoursBeforeClose') return 'hideCountsHours';
  if (path === 'prices.XAF') return 'priceXaf';
  if (path === 'prices.USD') return 'priceUsd';
  return path;
}

export function withProblems(
  errors: FormErrors,
  problems: SettingsDraft['problems'],
  message: (problem: BoundProblem) => string,
): FormErrors {
  const next = { ...errors };
  if (problems.votingOpensAt) next.opens = message(problems.votingOpensAt);
  if (problems.votingClosesAt) next.closes = message(problems.votingClosesAt);
  return next;
}
