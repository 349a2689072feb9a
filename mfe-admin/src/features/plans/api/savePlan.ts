import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { planKeys, type Plan } from './listPlans';

export type PlanInput = ApiBody<'/api/admin/plans', 'post'>;

export async function savePlan({ id, input }: { id?: number; input: PlanInput }): Promise<Plan> {
  const saved = id
    ? await api.put('/api/admin/plans/{id}', { path: { id }, body: input })
    : await api.post('/api/admin/plans', { body: input });
  return saved.plan;
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
