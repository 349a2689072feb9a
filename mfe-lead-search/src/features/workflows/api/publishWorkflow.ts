import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys, type Workflow } from './getWorkflows';

/** POST /api/workflows/{id}/publish: draft → published after the server's checks (422 names the loose node or field). */
export async function publishWorkflow(id: number): Promise<Workflow> {
  return (await apiClient.post<{ workflow: Workflow }>(`/api/workflows/${id}/publish`, {})).data.workflow;
}

export function usePublishWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishWorkflow,
    onSuccess: (workflow) => {
      client.setQueryData(workflowKeys.one(workflow.id), workflow);
      void client.invalidateQueries({ queryKey: ['leadSearch', 'workflows', 'list'] });
    },
  });
}
