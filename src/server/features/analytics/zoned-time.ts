/**
 * Wall-clock arithmetic in an IANA time zone with Intl only: the instant at which a local date
 * starts, and local-day stepping that stays on midnight across DST changes.
 */
interface WallDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

export function localDate(instant: Date, timeZone: string): WallDate {
  const p = wallParts(instant.getTime(), timeZone);
  return { year: p.year, month: p.month, day: p.day };
}

/** The instant local midnight of `date` happens in `timeZone`. */
export function startOfLocalDay(date: WallDate, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  let guess = wall - offsetAt(wall, timeZone);
  // A second pass lands on the right side of a DST change between the guess and midnight.
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess);
}

export function addLocalDays(date: WallDate, days: number): WallDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}
