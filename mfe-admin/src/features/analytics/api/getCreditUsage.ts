import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type DayRange = 7 | 30 | 90;

export type CreditUsage = ApiResponse<'/api/admin/analytics/credit-usage', 'get'>;

export const getCreditUsage = (days: DayRange, signal?: AbortSignal): Promise<CreditUsage> =>
  api.get('/api/admin/analytics/credit-usage', { query: { days }, config: { signal } });

export const creditUsageQueryOptions = (days: DayRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'credit-usage', days] as const,
    queryFn: ({ signal }) => getCreditUsage(days, signal),
    placeholderData: keepPreviousData,
  });

export const useCreditUsage = (days: DayRange) => useQuery(creditUsageQueryOptions(days));
