import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys, type Workflow, type WorkflowEdge, type WorkflowNode } from './getWorkflows';

export interface SaveWorkflowInput {
  id: number;
  name: string;
  description: string;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** PUT /api/workflows/{id}: saves the draft. */
export async function saveWorkflow({ id, ...body }: SaveWorkflowInput): Promise<Workflow> {
  return (await apiClient.put<{ workflow: Workflow }>(`/api/workflows/${id}`, body)).data.workflow;
}

export function useSaveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflow,
    onSuccess: (workflow) => {
      client.setQueryData(workflowKeys.one(workflow.id), workflow);
      void client.invalidateQueries({ queryKey: ['leadSearch', 'workflows', 'list'] });
    },
  });
}
