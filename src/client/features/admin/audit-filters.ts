import type { AuditLogQueryInput } from '#shared/schemas/audit';

export type AuditActionFilter = NonNullable<AuditLogQueryInput['action']>;

/** What narrows the trail; dates are days in the admin's own time zone, '' for none. */
export interface AuditFilters {
  action: AuditActionFilter;
  actor: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { action: 'all', actor: '', from: '', to: '' };

export function activeAuditFilterCount(filters: AuditFilters): number {
  return [
    filters.action !== 'all',
    filters.actor.trim() !== '',
    filters.from !== '',
    filters.to !== '',
  ].filter(Boolean).length;
}

/** The server refuses from > to with a 400; the tab says so instead of asking. */
export function auditDatesInverted(filters: AuditFilters): boolean {
  return filters.from !== '' && filters.to !== '' && filters.from > filters.to;
}

/**
 * Query string of the list and the CSV export. Blanks and 'all' are left out; the dates are read
 * in `timeZone`, the zone the times on screen are shown in.
 */
export function auditSearchParams(
  filters: AuditFilters,
  timeZone: string,
  paging?: { page: number; pageSize: number },
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.action !== 'all') params.set('action', filters.action);
  const actor = filters.actor.trim();
  if (actor) params.set('actor', actor);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  params.set('tz', timeZone);
  if (paging) {
    params.set('page', String(paging.page));
    params.set('pageSize', String(paging.pageSize));
  }
  return params;
}

/** The browser's zone, in which the tab shows times and reads dates; UTC if it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
