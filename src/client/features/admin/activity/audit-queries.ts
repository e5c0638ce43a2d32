import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogResponseSchema } from '#shared/schemas/audit';
import { getJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';

const AUDIT_LOG_URL = '/api/admin/audit-log';
export const AUDIT_EXPORT_URL = '/api/admin/audit-log/export';

export const auditLogQuery = (query: string, edition: string | undefined) =>
  queryOptions({
    queryKey: [AUDIT_LOG_URL, query, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(`${AUDIT_LOG_URL}?${query}`, edition), auditLogResponseSchema, {
        signal,
      }),
    // Every edit on the other tabs adds a row: opening Activity asks again rather than showing the
    // answer it had (the app's default keeps answers until something invalidates them).
    staleTime: 0,
  });

/**
 * One page of the selected edition's audit trail (with the shared entries); the previous page
 * stays on screen while the next one loads.
 */
export function useAuditLog(query: string, enabled: boolean) {
  const edition = useAdminEdition();
  return useQuery({ ...auditLogQuery(query, edition), enabled, placeholderData: keepPreviousData });
}
