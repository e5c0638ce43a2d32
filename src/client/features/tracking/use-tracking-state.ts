import { useCallback, useEffect, useRef, useState } from 'react';
import { TRACKING_PAGE_SIZES } from '#shared/limits';
import {
  EMPTY_FILTERS,
  STATUS_FILTERS,
  type StatusFilter,
  type TrackingFilters,
} from './tracking-filters';
import { readSavedTimeZone, saveTimeZone, type TrackingTimeZone } from './tracking-timezone';

export type TrackingPageSize = (typeof TRACKING_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: TrackingPageSize = 50;
/** Typing a phone number digit by digit should not send a request per digit. */
export const SEARCH_DEBOUNCE_MS = 300;

interface PagedView {
  filters: TrackingFilters;
  timeZone: TrackingTimeZone;
  page: number;
  pageSize: TrackingPageSize;
}

export interface TrackingState extends PagedView {
  /** What is in the search box now; `filters.search` follows it after the debounce. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  setFilter: <K extends Exclude<keyof TrackingFilters, 'search'>>(
    key: K,
    value: TrackingFilters[K],
  ) => void;
  setTimeZone: (timeZone: TrackingTimeZone) => void;
  setPageSize: (pageSize: TrackingPageSize) => void;
  setPage: (page: number) => void;
  resetFilters: () => void;
}

/**
 * Filters, time zone and paging of the tracking screen. Every change that alters the result set
 * (a filter, the zone that dates are read in, the page size) goes back to page 1, so the admin
 * never lands on an empty page 7 of a 2-page result.
 */
export function useTrackingState(): TrackingState {
  const [view, setView] = useState<PagedView>(() => ({
    filters: { ...EMPTY_FILTERS, status: statusFromAddress(window.location.search) },
    timeZone: readSavedTimeZone(),
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  }));
  const [searchInput, setSearchInputState] = useState('');
  const searchTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  const setSearchInput = useCallback((value: string) => {
    setSearchInputState(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      setView((current) =>
        current.filters.search === value
          ? current
          : { ...current, filters: { ...current.filters, search: value }, page: 1 },
      );
    }, SEARCH_DEBOUNCE_MS);
  }, []);

  const setFilter = useCallback<TrackingState['setFilter']>((key, value) => {
    setView((current) => ({ ...current, filters: { ...current.filters, [key]: value }, page: 1 }));
  }, []);

  const setTimeZone = useCallback((timeZone: TrackingTimeZone) => {
    saveTimeZone(timeZone);
    setView((current) => ({ ...current, timeZone, page: 1 }));
  }, []);

  const setPageSize = useCallback((pageSize: TrackingPageSize) => {
    setView((current) => ({ ...current, pageSize, page: 1 }));
  }, []);

  const setPage = useCallback((page: number) => {
    setView((current) => ({ ...current, page: Math.max(1, page) }));
  }, []);

  const resetFilters = useCallback(() => {
    window.clearTimeout(searchTimer.current);
    setSearchInputState('');
    setView((current) => ({ ...current, filters: EMPTY_FILTERS, page: 1 }));
  }, []);

  return {
    ...view,
    searchInput,
    setSearchInput,
    setFilter,
    setTimeZone,
    setPageSize,
    setPage,
    resetFilters,
  };
}

/** A link may open the list on one status (the dashboard's "needs review"); anything else is all. */
function statusFromAddress(search: string): StatusFilter {
  const asked = new URLSearchParams(search).get('status');
  return STATUS_FILTERS.find((status) => status === asked) ?? 'all';
}
