import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { WorkflowRunDetail } from './getWorkflowRun';

/** POST /api/workflows/{id}/run: "run now". */
export async function runWorkflow(id: number): Promise<WorkflowRunDetail> {
  return (await apiClient.post<{ run: WorkflowRunDetail }>(`/api/workflows/${id}/run`, {})).data.run;
}

export function useRunWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runWorkflow,
    onSuccess: (run) => {
      void client.invalidateQueries({ queryKey: ['leadSearch', 'workflows', 'runs', run.workflow_id] });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'workflows', 'one', run.workflow_id] });
    },
  });
}
