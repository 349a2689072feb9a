import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { planKeys } from './listPlans';

/** 422 admin.plan_in_use while users are on the plan (the API's message is shown as a toast). */
export async function deletePlan(id: number): Promise<void> {
  await apiClient.delete(`/api/admin/plans/${id}`);
}

export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: planKeys.all });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
