import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface Dashboard {
  users: { active: number; deleted: number; by_type: { user_type: string; count: number }[] };
  signups_by_month: { month: string; count: number }[];
  activity_by_month: { month: string; searches: number; credits_used: number; credits_added: number }[];
  subscriptions: { status: string; count: number }[];
  plans: { plan: string; count: number }[];
}

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const { data } = await apiClient.get<Dashboard>('/api/admin/dashboard', { signal });
  return data;
}

export const dashboardQueryOptions = () => queryOptions({ queryKey: ['admin', 'dashboard'] as const, queryFn: ({ signal }) => getDashboard(signal), staleTime: 60_000 });

export const useDashboard = () => useQuery(dashboardQueryOptions());
