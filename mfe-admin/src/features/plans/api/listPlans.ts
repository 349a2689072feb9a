import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { PageOf } from '../../audit/api/listAuditLog';

export type PlanCreatedBy = 'system' | 'partner';
export type PlanAvailableFor = 'resellers' | 'customers';

/** Spec §3 Plan, as GET /api/admin/plans[/:id] returns it. */
export interface Plan {
  id: number;
  name: string;
  created_by: PlanCreatedBy;
  available_for: PlanAvailableFor;
  allow_related_accounts: boolean;
  payment_product_id: string | null;
  crm_plan_id: string | null;
  users_count: number;
  created_at: string;
  updated_at: string;
}

export interface PlanListQuery {
  page: number;
  page_size?: number;
  search?: string;
  created_by?: PlanCreatedBy;
  available_for?: PlanAvailableFor;
}

export const PLAN_PAGE_SIZE = 20;

export async function listPlans(query: PlanListQuery, signal?: AbortSignal): Promise<PageOf<Plan>> {
  const params = Object.fromEntries(Object.entries({ page_size: PLAN_PAGE_SIZE, ...query }).filter(([, v]) => v !== undefined && v !== ''));
  const { data } = await apiClient.get<PageOf<Plan>>('/api/admin/plans', { params, signal });
  return data;
}

export const planKeys = {
  all: ['admin', 'plans'] as const,
  list: (q: PlanListQuery) => ['admin', 'plans', 'list', q] as const,
  detail: (id: number) => ['admin', 'plans', 'detail', id] as const,
};

export const plansQueryOptions = (query: PlanListQuery) =>
  queryOptions({ queryKey: planKeys.list(query), queryFn: ({ signal }) => listPlans(query, signal), placeholderData: keepPreviousData });

export const usePlans = (query: PlanListQuery) => useQuery(plansQueryOptions(query));
