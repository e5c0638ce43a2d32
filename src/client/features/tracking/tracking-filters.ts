import type { TrackingQueryInput } from '#shared/schemas/tracking';

export type ProviderFilter = NonNullable<TrackingQueryInput['provider']>;
export type StatusFilter = NonNullable<TrackingQueryInput['status']>;
export type AttemptFilter = NonNullable<TrackingQueryInput['attempt']>;

export const PROVIDER_FILTERS = ['all', 'stripe', 'campay'] as const satisfies ProviderFilter[];
export const STATUS_FILTERS = [
  'all',
  'completed',
  'pending',
  'failed',
  'refunded',
  'disputed',
  'needs_review',
] as const satisfies StatusFilter[];
export const ATTEMPT_FILTERS = ['all', 'attempted', 'abandoned'] as const satisfies AttemptFilter[];

/** What narrows the set of payments (the time zone and paging only change how it is shown). */
export interface TrackingFilters {
  search: string;
  provider: ProviderFilter;
  status: StatusFilter;
  attempt: AttemptFilter;
  /** YYYY-MM-DD, a day in the chosen time zone; '' for none. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: TrackingFilters = {
  search: '',
  provider: 'all',
  status: 'all',
  attempt: 'all',
  from: '',
  to: '',
};

export function activeFilterCount(filters: TrackingFilters): number {
  return [
    filters.search.trim() !== '',
    filters.provider !== 'all',
    filters.status !== 'all',
    filters.attempt !== 'all',
    filters.from !== '',
    filters.to !== '',
  ].filter(Boolean).length;
}

/** The server refuses from > to with a 400; the page says so instead of asking. */
export function datesInverted(filters: TrackingFilters): boolean {
  return filters.from !== '' && filters.to !== '' && filters.from > filters.to;
}

/**
 * Query string for the list and the CSV export. Only keys the server knows are sent ('all' and
 * blanks are left out), since it answers 400 to anything else.
 */
export function trackingSearchParams(
  filters: TrackingFilters,
  timeZone: string,
  paging?: { page: number; pageSize: number },
): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.provider !== 'all') params.set('provider', filters.provider);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.attempt !== 'all') params.set('attempt', filters.attempt);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  params.set('tz', timeZone);
  if (paging) {
    params.set('page', String(paging.page));
    params.set('pageSize', String(paging.pageSize));
  }
  return params;
}
