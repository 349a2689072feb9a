import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { planKeys, type Plan } from './listPlans';

export async function getPlan(id: number, signal?: AbortSignal): Promise<Plan> {
  const { data } = await apiClient.get<Plan>(`/api/admin/plans/${id}`, { signal });
  return data;
}

export const planQueryOptions = (id: number) => queryOptions({ queryKey: planKeys.detail(id), queryFn: ({ signal }) => getPlan(id, signal), enabled: id > 0 });

export const usePlan = (id: number) => useQuery(planQueryOptions(id));
