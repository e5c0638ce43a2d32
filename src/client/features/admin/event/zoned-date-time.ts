import { wallClockAsUtc, wallClockAt, zoneOffsetMs, type WallClock } from '#shared/zone-clock';

/**
 * The Event tab shows and takes the voting window as a date and a time on the event's own clock
 * (its IANA zone), whatever zone the organiser's computer is in; the server stores instants.
 */

export interface ZonedDateTime {
  /** YYYY-MM-DD, as a date input gives it. */
  date: string;
  /** HH:MM (24 h), as a time input gives it. */
  time: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An instant as the date and time the event's clock shows then. */
export function toZoned(iso: string, timeZone: string): ZonedDateTime {
  const c = wallClockAt(Date.parse(iso), timeZone);
  return {
    date: `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`,
    time: `${pad(c.hour)}:${pad(c.minute)}`,
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The instant (ISO, UTC) the event's clock reads `date` `time`, or null when either is not a real
 * date or time. A time the clock skips (spring forward: 02:30 in Paris on the last Sunday of
 * March) is read with the offset before the jump, so it lands just after it, as the clock would
 * show (03:30); a time it shows twice (autumn) is its first occurrence.
 */
export function fromZoned({ date, time }: ZonedDateTime, timeZone: string): string | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const wall: WallClock = {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: Number(t[1]),
    minute: Number(t[2]),
    second: 0,
  };
  const local = wallClockAsUtc(wall);
  const check = new Date(local);
  if (
    wall.hour > 23 ||
    wall.minute > 59 ||
    check.getUTCFullYear() !== wall.year ||
    check.getUTCMonth() !== wall.month - 1 ||
    check.getUTCDate() !== wall.day
  ) {
    return null;
  }
  // Offsets a day either side cover any single transition around this wall-clock time.
  const before = local - zoneOffsetMs(local - DAY_MS, timeZone);
  const after = local - zoneOffsetMs(local + DAY_MS, timeZone);
  const reads = (instant: number) => wallClockAsUtc(wallClockAt(instant, timeZone)) === local;
  const matches = [before, after].filter(reads);
  const instant = matches.length ? Math.min(...matches) : before;
  return new Date(instant).toISOString();
}
