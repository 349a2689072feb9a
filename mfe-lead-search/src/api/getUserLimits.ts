import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type LimitBand } from '@leadsmith/shared';

export interface UserLimits {
  search_limit: number;
  searches_used: number;
  remaining: number;
  percent_used: number;
  band: LimitBand;
  credits: { monthly: number; additional: number; rolled_over: number; total: number };
}

export const getUserLimits = async (signal?: AbortSignal) => (await apiClient.get<UserLimits>('/api/user-limits', { signal })).data;

export const userLimitsQuery = () => queryOptions({ queryKey: ['leadSearch', 'user-limits'], queryFn: ({ signal }) => getUserLimits(signal) });

export const useUserLimits = () => useQuery(userLimitsQuery());
