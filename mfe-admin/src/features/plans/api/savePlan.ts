import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { planKeys, type Plan, type PlanAvailableFor, type PlanCreatedBy } from './listPlans';

export interface PlanInput {
  name: string;
  created_by: PlanCreatedBy;
  available_for: PlanAvailableFor;
  allow_related_accounts: boolean;
  payment_product_id: string | null;
  crm_plan_id: string | null;
}

export async function savePlan({ id, input }: { id?: number; input: PlanInput }): Promise<Plan> {
  const { data } = id ? await apiClient.put<{ plan: Plan }>(`/api/admin/plans/${id}`, input) : await apiClient.post<{ plan: Plan }>('/api/admin/plans', input);
  return data.plan;
}

export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: (plan) => {
      client.setQueryData(planKeys.detail(plan.id), plan);
      void client.invalidateQueries({ queryKey: planKeys.all });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
