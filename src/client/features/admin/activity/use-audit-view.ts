import { useCallback, useEffect, useRef, useState } from 'react';
import type { TRACKING_PAGE_SIZES } from '#shared/limits';
import { EMPTY_AUDIT_FILTERS, type AuditFilters } from '../audit-filters';

/** The trail pages by the same sizes as voter tracking (the server checks them). */
export type AuditPageSize = (typeof TRACKING_PAGE_SIZES)[number];

/** Typing an e-mail letter by letter should not send a request per letter. */
export const ACTOR_DEBOUNCE_MS = 300;

interface PagedView {
  filters: AuditFilters;
  page: number;
  pageSize: AuditPageSize;
}

/**
 * Filters and paging of the Activity tab. Any change to the filters or the page size goes back to
 * page 1, so the organiser never lands on an empty page 7 of a 2-page result.
 */
export function useAuditView() {
  const [view, setView] = useState<PagedView>({
    filters: EMPTY_AUDIT_FILTERS,
    page: 1,
    pageSize: 20,
  });
  const [actorInput, setActorInputState] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const setActorInput = useCallback((value: string) => {
    setActorInputState(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setView((current) =>
        current.filters.actor === value
          ? current
          : { ...current, filters: { ...current.filters, actor: value }, page: 1 },
      );
    }, ACTOR_DEBOUNCE_MS);
  }, []);

  const setFilter = useCallback(
    <K extends Exclude<keyof AuditFilters, 'actor'>>(key: K, value: AuditFilters[K]) => {
      setView((current) => ({
        ...current,
        filters: { ...current.filters, [key]: value },
        page: 1,
      }));
    },
    [],
  );

  const setPage = useCallback((page: number) => {
    setView((current) => ({ ...current, page: Math.max(1, page) }));
  }, []);

  const setPageSize = useCallback((pageSize: AuditPageSize) => {
    setView((current) => ({ ...current, pageSize, page: 1 }));
  }, []);

  const reset = useCallback(() => {
    window.clearTimeout(timer.current);
    setActorInputState('');
    setView((current) => ({ ...current, filters: EMPTY_AUDIT_FILTERS, page: 1 }));
  }, []);

  return { ...view, actorInput, setActorInput, setFilter, setPage, setPageSize, reset };
}
