import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Period } from '#shared/limits';
import { financeReportSchema } from '#shared/schemas/finance';
import { getJson } from '#client/lib/api-client';
import { useAdminEdition, withEdition } from '../edition';

export const FINANCE_URL = '/api/admin/finance';
export const FINANCE_EXPORT_URL = '/api/admin/finance.csv';

export const financeQuery = (period: Period, edition: string | undefined) =>
  queryOptions({
    queryKey: [FINANCE_URL, period, edition ?? null],
    queryFn: ({ signal }) =>
      getJson(withEdition(`${FINANCE_URL}?period=${period}`, edition), financeReportSchema, {
        signal,
      }),
  });

/** The selected edition's finance report. */
export function useFinanceReport(period: Period) {
  return useQuery(financeQuery(period, useAdminEdition()));
}
