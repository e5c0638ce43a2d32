import { formatDate } from '#shared/format-date';
import type { Language } from '#shared/limits';
import type { Timeseries } from '#shared/schemas/analytics';

/** One bucket of the activity chart, flattened for recharts and the data table. */
export interface ActivityPoint {
  start: string;
  label: string;
  cardVotes: number;
  mobileMoneyVotes: number;
  /** USD cents. */
  cardRevenue: number;
  /** XAF. */
  mobileMoneyRevenue: number;
}

/** Bucket labels in the event's time zone: hours for today, days otherwise. */
export function activityPoints(series: Timeseries, language: Language): ActivityPoint[] {
  const shape = series.granularity === 'hour' ? 'time' : 'dayMonth';
  return series.points.map((point) => ({
    start: point.start,
    label: formatDate(point.start, language, { timeZone: series.timeZone, shape }),
    cardVotes: point.stripe.votes,
    mobileMoneyVotes: point.campay.votes,
    cardRevenue: point.stripe.revenue,
    mobileMoneyRevenue: point.campay.revenue,
  }));
}
