import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { planKeys, type Plan } from './listPlans';

export const getPlan = (id: number, signal?: AbortSignal): Promise<Plan> =>
  api.get('/api/admin/plans/{id}', { path: { id }, config: { signal } });

export const planQueryOptions = (id: number) =>
  queryOptions({ queryKey: planKeys.detail(id), queryFn: ({ signal }) => getPlan(id, signal), enabled: id > 0 });

export const usePlan = (id: number) => useQuery(planQueryOptions(id));
