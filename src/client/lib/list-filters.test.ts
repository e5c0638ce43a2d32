import { describe, expect, it } from 'vitest';
import { activeFilterCount, datesInverted, listSearchParams } from './list-filters';

/** Voter tracking's filters and the activity trail's, as their forms start. */
const EMPTY_FILTERS = {
  search: '',
  provider: 'all',
  status: 'all',
  attempt: 'all',
  from: '',
  to: '',
};
const EMPTY_AUDIT_FILTERS = { action: 'all', actor: '', from: '', to: '' };

describe('listSearchParams', () => {
  it('sends only the time zone when nothing is filtered', () => {
    expect(listSearchParams(EMPTY_FILTERS, 'Africa/Lagos').toString()).toBe('tz=Africa%2FLagos');
  });
  it('sends every set filter, trimmed, with paging when asked', () => {
    const params = listSearchParams(
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

describe('the activity trail', () => {
  it('sends its set filters, trimmed, and counts them', () => {
    const filters = {
      ...EMPTY_AUDIT_FILTERS,
      action: 'payment.refund',
      actor: ' ada@example.com ',
    };
    expect(listSearchParams(filters, 'UTC').toString()).toBe(
      'action=payment.refund&actor=ada%40example.com&tz=UTC',
    );
    expect(activeFilterCount(filters)).toBe(2);
    expect(activeFilterCount(EMPTY_AUDIT_FILTERS)).toBe(0);
  });
});
