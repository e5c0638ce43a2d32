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

/** The browser's zone, in which the tab shows times and reads dates; UTC if it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
