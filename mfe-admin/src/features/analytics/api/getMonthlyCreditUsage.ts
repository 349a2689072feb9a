import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type MonthRange = 6 | 12 | 24;

export interface MonthlyCreditUsage {
  months: { month: string; monthly: number; additional: number; rolled_over: number; total: number }[];
}

export async function getMonthlyCreditUsage(months: MonthRange, signal?: AbortSignal): Promise<MonthlyCreditUsage> {
  const { data } = await apiClient.get<MonthlyCreditUsage>('/api/admin/analytics/monthly-credit-usage', { params: { months }, signal });
  return data;
}

export const monthlyCreditUsageQueryOptions = (months: MonthRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'monthly-credit-usage', months] as const,
    queryFn: ({ signal }) => getMonthlyCreditUsage(months, signal),
    placeholderData: keepPreviousData,
  });

export const useMonthlyCreditUsage = (months: MonthRange) => useQuery(monthlyCreditUsageQueryOptions(months));
