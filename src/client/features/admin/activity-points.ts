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
export function activityPoints(series: Timeseries, language: string): ActivityPoint[] {
  const label = new Intl.DateTimeFormat(language, {
    timeZone: series.timeZone,
    ...(series.granularity === 'hour'
      ? { hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short' }),
  });
  return series.points.map((point) => ({
    start: point.start,
    label: label.format(new Date(point.start)),
    cardVotes: point.stripe.votes,
    mobileMoneyVotes: point.campay.votes,
    cardRevenue: point.stripe.revenue,
    mobileMoneyRevenue: point.campay.revenue,
  }));
}
