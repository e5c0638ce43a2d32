import type { TrackingQueryInput } from '#shared/schemas/tracking';

export type ProviderFilter = NonNullable<TrackingQueryInput['provider']>;
export type StatusFilter = NonNullable<TrackingQueryInput['status']>;
export type AttemptFilter = NonNullable<TrackingQueryInput['attempt']>;
export type FlagFilter = NonNullable<TrackingQueryInput['flag']>;

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
/** `flagged`: payments with a velocity flag not yet cleared. */
export const FLAG_FILTERS = ['all', 'flagged'] as const satisfies FlagFilter[];

/** What narrows the set of payments (the time zone and paging only change how it is shown). */
export interface TrackingFilters {
  search: string;
  provider: ProviderFilter;
  status: StatusFilter;
  attempt: AttemptFilter;
  flag: FlagFilter;
  /** YYYY-MM-DD, a day in the chosen time zone; '' for none. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: TrackingFilters = {
  search: '',
  provider: 'all',
  status: 'all',
  attempt: 'all',
  flag: 'all',
  from: '',
  to: '',
};
