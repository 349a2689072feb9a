import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type UserLimits = ApiResponse<'/api/user-limits', 'get'>;

export const getUserLimits = (): Promise<UserLimits> => api.get('/api/user-limits');

export const userLimitsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'user-limits'], queryFn: getUserLimits });
export const useUserLimits = () => useQuery(userLimitsQueryOptions());
