import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** Spec §3 Plan, as GET /api/admin/plans[/:id] returns it. */
export type Plan = ApiResponse<'/api/admin/plans/{id}', 'get'>;
export type PlanCreatedBy = Plan['created_by'];
export type PlanAvailableFor = Plan['available_for'];

export interface PlanListQuery {
  page: number;
  pageSize?: number;
  search?: string;
  created_by?: PlanCreatedBy;
  available_for?: PlanAvailableFor;
}

export const PLAN_PAGE_SIZE = 20;

export function listPlans(query: PlanListQuery, signal?: AbortSignal) {
  // Empty filters are left out of the request.
  const given = Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
  ) as Partial<PlanListQuery>;
  return api.get('/api/admin/plans', {
    query: { pageSize: PLAN_PAGE_SIZE, ...given, page: query.page },
    config: { signal },
  });
}

export const planKeys = {
  all: ['admin', 'plans'] as const,
  list: (q: PlanListQuery) => ['admin', 'plans', 'list', q] as const,
  detail: (id: number) => ['admin', 'plans', 'detail', id] as const,
};

export const plansQueryOptions = (query: PlanListQuery) =>
  queryOptions({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) => listPlans(query, signal),
    placeholderData: keepPreviousData,
  });

export const usePlans = (query: PlanListQuery) => useQuery(plansQueryOptions(query));
