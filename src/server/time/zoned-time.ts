import { zoneOffsetMs } from '#shared/zone-clock.js';

/** Calendar dates and times in an IANA zone, with no dependency beyond Intl. */

// Offsets change only at a zone's transitions, and every transition since 1972 falls on a whole
// minute: one Intl lookup per zone and minute serves every payment of that minute. It was most of
// the CPU of a million-row export (two dates per row).
const MINUTE = 60_000;
const CACHED_MINUTES_PER_ZONE = 4096;
const offsets = new Map<string, Map<number, number>>();

function offsetMs(instant: number, timeZone: string): number {
  const minute = Math.floor(instant / MINUTE);
  let byMinute = offsets.get(timeZone);
  if (!byMinute) {
    byMinute = new Map();
    offsets.set(timeZone, byMinute);
  }
  let offset = byMinute.get(minute);
  if (offset === undefined) {
    offset = zoneOffsetMs(minute * MINUTE, timeZone);
    if (byMinute.size >= CACHED_MINUTES_PER_ZONE) byMinute.clear();
    byMinute.set(minute, offset);
  }
  return offset;
}

/** The instant local midnight starts `date` (YYYY-MM-DD) in `timeZone`. */
export function startOfZonedDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes settle the offset on days when it changes (daylight saving).
  let instant = wall - offsetMs(wall, timeZone);
  instant = wall - offsetMs(instant, timeZone);
  return new Date(instant);
}

/** The day after `date`, as YYYY-MM-DD. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** ISO 8601 with the zone's offset, e.g. 2026-11-22T09:30:00+01:00: unambiguous in a spreadsheet. */
export function formatZoned(instant: Date, timeZone: string): string {
  const offset = offsetMs(instant.getTime(), timeZone);
  const local = new Date(instant.getTime() + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** Today's date (YYYY-MM-DD) in the zone. */
export function zonedToday(timeZone: string, now = new Date()): string {
  return formatZoned(now, timeZone).slice(0, 10);
}
