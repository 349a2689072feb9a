import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type DayRange = 7 | 30 | 90;

export interface CreditUsage {
  days: { date: string; credits_used: number; searches: number }[];
  by_reason: { reason: string; credits_used: number }[];
  top_users: { id: number; name: string; email: string; credits_used: number }[];
}

export async function getCreditUsage(days: DayRange, signal?: AbortSignal): Promise<CreditUsage> {
  const { data } = await apiClient.get<CreditUsage>('/api/admin/analytics/credit-usage', { params: { days }, signal });
  return data;
}

export const creditUsageQueryOptions = (days: DayRange) =>
  queryOptions({ queryKey: ['admin', 'analytics', 'credit-usage', days] as const, queryFn: ({ signal }) => getCreditUsage(days, signal), placeholderData: keepPreviousData });

export const useCreditUsage = (days: DayRange) => useQuery(creditUsageQueryOptions(days));
