import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type MonthRange = 6 | 12 | 24;

export type MonthlyCreditUsage = ApiResponse<'/api/admin/analytics/monthly-credit-usage', 'get'>;

export const getMonthlyCreditUsage = (months: MonthRange, signal?: AbortSignal): Promise<MonthlyCreditUsage> =>
  api.get('/api/admin/analytics/monthly-credit-usage', { query: { months }, config: { signal } });

export const monthlyCreditUsageQueryOptions = (months: MonthRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'monthly-credit-usage', months] as const,
    queryFn: ({ signal }) => getMonthlyCreditUsage(months, signal),
    placeholderData: keepPreviousData,
  });

export const useMonthlyCreditUsage = (months: MonthRange) => useQuery(monthlyCreditUsageQueryOptions(months));
