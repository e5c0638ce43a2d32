import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Period } from '#shared/limits';
import { financeReportSchema } from '#shared/schemas/finance';
import { getJson } from '#client/lib/api-client';

export const FINANCE_URL = '/api/admin/finance';
export const FINANCE_EXPORT_URL = '/api/admin/finance.csv';

export const financeQuery = (period: Period) =>
  queryOptions({
    queryKey: [FINANCE_URL, period],
    queryFn: ({ signal }) =>
      getJson(`${FINANCE_URL}?period=${period}`, financeReportSchema, { signal }),
  });

export function useFinanceReport(period: Period) {
  return useQuery(financeQuery(period));
}
