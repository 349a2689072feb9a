import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { DayRange } from './getCreditUsage';

export interface LoginActivity {
  days: { date: string; logins: number; users: number }[];
  last_login_buckets: { bucket: '7' | '30' | '90' | 'over_90' | 'never'; count: number }[];
}

export async function getLoginActivity(days: DayRange, signal?: AbortSignal): Promise<LoginActivity> {
  const { data } = await apiClient.get<LoginActivity>('/api/admin/analytics/login-activity', { params: { days }, signal });
  return data;
}

export const loginActivityQueryOptions = (days: DayRange) =>
  queryOptions({ queryKey: ['admin', 'analytics', 'login-activity', days] as const, queryFn: ({ signal }) => getLoginActivity(days, signal), placeholderData: keepPreviousData });

export const useLoginActivity = (days: DayRange) => useQuery(loginActivityQueryOptions(days));
