import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type LimitBand } from '@leadsmith/shared';

export interface UserLimits {
  search_limit: number;
  searches_used: number;
  remaining: number;
  percent_used: number;
  band: LimitBand;
  next_reset_date: string;
  credits: { monthly: number; additional: number; rolled_over: number; total: number };
}

export async function getUserLimits(): Promise<UserLimits> {
  return (await apiClient.get<UserLimits>('/api/user-limits')).data;
}

export const userLimitsQueryOptions = () => queryOptions({ queryKey: ['settings', 'user-limits'], queryFn: getUserLimits });
export const useUserLimits = () => useQuery(userLimitsQueryOptions());
