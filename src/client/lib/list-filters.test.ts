import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  datesInverted,
  EMPTY_FILTERS,
  trackingSearchParams,
} from './tracking-filters';

describe('trackingSearchParams', () => {
  it('sends only the time zone when nothing is filtered', () => {
    expect(trackingSearchParams(EMPTY_FILTERS, 'Africa/Lagos').toString()).toBe(
      'tz=Africa%2FLagos',
    );
  });
  it('sends every set filter, trimmed, with paging when asked', () => {
    const params = trackingSearchParams(
      {
        search: '  ada@example.com ',
        provider: 'campay',
        status: 'pending',
        attempt: 'abandoned',
        from: '2025-11-01',
        to: '2025-11-30',
      },
      'UTC',
      { page: 3, pageSize: 20 },
    );
    expect(Object.fromEntries(params)).toEqual({
      search: 'ada@example.com',
      provider: 'campay',
      status: 'pending',
      attempt: 'abandoned',
      from: '2025-11-01',
      to: '2025-11-30',
      tz: 'UTC',
      page: '3',
      pageSize: '20',
    });
  });
});

describe('activeFilterCount and datesInverted', () => {
  it('counts the filters that narrow the set', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, search: '   ' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, provider: 'stripe', from: '2025-11-01' })).toBe(2);
  });
  it('flags a from date after the to date', () => {
    expect(datesInverted({ ...EMPTY_FILTERS, from: '2025-11-02', to: '2025-11-01' })).toBe(true);
    expect(datesInverted({ ...EMPTY_FILTERS, from: '2025-11-01', to: '2025-11-01' })).toBe(false);
    expect(datesInverted({ ...EMPTY_FILTERS, from: '2025-11-02' })).toBe(false);
  });
});
