import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type Dashboard = ApiResponse<'/api/admin/dashboard', 'get'>;

export const getDashboard = (signal?: AbortSignal): Promise<Dashboard> =>
  api.get('/api/admin/dashboard', { config: { signal } });

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 60_000,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
