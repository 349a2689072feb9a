import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type UserLimits = ApiResponse<'/api/user-limits', 'get'>;

export const getUserLimits = (signal?: AbortSignal): Promise<UserLimits> =>
  api.get('/api/user-limits', { config: { signal } });

export const userLimitsQuery = () =>
  queryOptions({ queryKey: ['leadSearch', 'user-limits'], queryFn: ({ signal }) => getUserLimits(signal) });

export const useUserLimits = () => useQuery(userLimitsQuery());
