import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';
import type { DayRange } from './getCreditUsage';

export type LoginActivity = ApiResponse<'/api/admin/analytics/login-activity', 'get'>;

export const getLoginActivity = (days: DayRange, signal?: AbortSignal): Promise<LoginActivity> =>
  api.get('/api/admin/analytics/login-activity', { query: { days }, config: { signal } });

export const loginActivityQueryOptions = (days: DayRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'login-activity', days] as const,
    queryFn: ({ signal }) => getLoginActivity(days, signal),
    placeholderData: keepPreviousData,
  });

export const useLoginActivity = (days: DayRange) => useQuery(loginActivityQueryOptions(days));
