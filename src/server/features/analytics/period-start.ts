import type { Period } from '../../../shared/limits.js';
import { localDate, startOfLocalDay } from './zoned-time.js';

const DAY_MS = 86_400_000;

/**
 * Where a period starts, in the event's time zone: today since local midnight, week the last 7
 * days, month since local midnight on the 1st, all time without a start (null).
 */
export function periodStart(period: Period, now: Date, timeZone: string): Date | null {
  switch (period) {
    case 'today':
      return startOfLocalDay(localDate(now, timeZone), timeZone);
    case 'week':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'month':
      return startOfLocalDay({ ...localDate(now, timeZone), day: 1 }, timeZone);
    case 'all':
      return null;
  }
}
