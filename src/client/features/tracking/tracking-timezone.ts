import type {
  DEFAULT_TRACKING_TIMEZONE as SharedDefault,
  TRACKING_TIMEZONES as SharedTimeZones,
} from '#shared/schemas/tracking';

/*
 * The same list as the shared schema, checked against it at compile time. Importing the values
 * from there would pull zod (~30 KB gzip) into this screen's chunk for three constants.
 */
export const TRACKING_TIMEZONES = [
  { id: 'Africa/Lagos', label: 'WAT (UTC+1)' },
  { id: 'America/Los_Angeles', label: 'PT (UTC-8)' },
  { id: 'UTC', label: 'UTC' },
] as const satisfies typeof SharedTimeZones;
const DEFAULT_TRACKING_TIMEZONE: typeof SharedDefault = 'Africa/Lagos';

export type TrackingTimeZone = (typeof TRACKING_TIMEZONES)[number]['id'];

/** The admin's choice is remembered under this key. */
const TIMEZONE_STORAGE_KEY = 'adminVoterTimezone';

// Short names an older build may have stored, mapped to the zone they stand for.
const SHORT_NAMES: Record<string, TrackingTimeZone> = {
  WAT: 'Africa/Lagos',
  PT: 'America/Los_Angeles',
  UTC: 'UTC',
};

function isTrackingTimeZone(value: unknown): value is TrackingTimeZone {
  return TRACKING_TIMEZONES.some((zone) => zone.id === value);
}

export function readSavedTimeZone(): TrackingTimeZone {
  try {
    const saved = window.localStorage.getItem(TIMEZONE_STORAGE_KEY);
    if (isTrackingTimeZone(saved)) return saved;
    if (saved && SHORT_NAMES[saved]) return SHORT_NAMES[saved];
  } catch {
    // Storage blocked (private mode): the default still works for this visit.
  }
  return DEFAULT_TRACKING_TIMEZONE;
}

export function saveTimeZone(timeZone: TrackingTimeZone): void {
  try {
    window.localStorage.setItem(TIMEZONE_STORAGE_KEY, timeZone);
  } catch {
    // Nothing to do: the choice still applies until the page is left.
  }
}

/** 'WAT (UTC+1)', 'PT (UTC-8)' or 'UTC', as the screen names them. */
function timeZoneLabel(timeZone: TrackingTimeZone): string {
  return TRACKING_TIMEZONES.find((zone) => zone.id === timeZone)?.label ?? timeZone;
}

/** 'WAT', 'PT' or 'UTC', for the Created column header. */
export function timeZoneShortName(timeZone: TrackingTimeZone): string {
  return timeZoneLabel(timeZone).split(' ')[0] ?? timeZone;
}
