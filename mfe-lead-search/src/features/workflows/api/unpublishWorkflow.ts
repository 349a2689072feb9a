import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys, type Workflow } from './getWorkflows';

/** POST /api/workflows/{id}/unpublish: back to draft (editable, no scheduled runs). */
export async function unpublishWorkflow(id: number): Promise<Workflow> {
  return (await apiClient.post<{ workflow: Workflow }>(`/api/workflows/${id}/unpublish`, {})).data.workflow;
}

export function useUnpublishWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unpublishWorkflow,
    onSuccess: (workflow) => {
      client.setQueryData(workflowKeys.one(workflow.id), workflow);
      void client.invalidateQueries({ queryKey: ['leadSearch', 'workflows', 'list'] });
    },
  });
}
