import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

/** The reseller's packages offered as plans (spec §4: a child account needs a plan from the parent's packages). */
export interface PlanOption {
  id: number;
  name: string;
}

export async function listPlanOptions(signal?: AbortSignal): Promise<PlanOption[]> {
  const { data } = await apiClient.get<{ data: PlanOption[] }>('/api/whitelabel/packages', {
    params: { page: 1, pageSize: 100 },
    signal,
  });
  return data.data.map(({ id, name }) => ({ id, name }));
}

export const planOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['whitelabel', 'packages', 'options'] as const,
    queryFn: ({ signal }) => listPlanOptions(signal),
  });

export const usePlanOptions = () => useQuery(planOptionsQueryOptions());
