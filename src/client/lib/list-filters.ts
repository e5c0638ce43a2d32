/**
 * A list's filters as its form holds them: text, a choice ('all' for any) or a day (YYYY-MM-DD in
 * the time zone the list is shown in), '' for none. The admin's activity trail and voter tracking
 * read theirs this way.
 */
type ListFilters<F> = { readonly [K in keyof F]: string };

const isSet = (value: string) => value.trim() !== '' && value !== 'all';

/** How many filters narrow the list (a blank text or 'all' does not). */
export function activeFilterCount<F extends ListFilters<F>>(filters: F): number {
  return Object.values<string>(filters).filter(isSet).length;
}

/** The server refuses from > to with a 400; the screen says so instead of asking. */
export function datesInverted(filters: { from: string; to: string }): boolean {
  return filters.from !== '' && filters.to !== '' && filters.from > filters.to;
}

/**
 * Query string of the list and of its CSV export. Only the filters that narrow it are sent,
 * text trimmed (the server answers 400 to anything it does not know); the days are read in
 * `timeZone`, the zone the times on screen are shown in.
 */
export function listSearchParams<F extends ListFilters<F>>(
  filters: F,
  timeZone: string,
  paging?: { page: number; pageSize: number },
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries<string>(filters)) {
    if (isSet(value)) params.set(key, value.trim());
  }
  params.set('tz', timeZone);
  if (paging) {
    params.set('page', String(paging.page));
    params.set('pageSize', String(paging.pageSize));
  }
  return params;
}
