import type { Period } from '#shared/limits.js';
import { startOfZonedDay, zonedToday } from '#server/time/zoned-time.js';

const DAY_MS = 86_400_000;

/**
 * Where a period starts, in the event's time zone: today since local midnight, week the last 7
 * days, month since local midnight on the 1st, all time without a start (null).
 */
export function periodStart(period: Period, now: Date, timeZone: string): Date | null {
  switch (period) {
    case 'today':
      return startOfZonedDay(zonedToday(timeZone, now), timeZone);
    case 'week':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'month':
      return startOfZonedDay(`${zonedToday(timeZone, now).slice(0, 8)}01`, timeZone);
    case 'all':
      return null;
  }
}
