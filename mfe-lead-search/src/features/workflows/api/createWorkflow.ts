import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys, type Workflow } from './getWorkflows';

export interface CreateWorkflowInput {
  name: string;
  description?: string;
  /** A template key, or none for a blank workflow (a trigger only). */
  template?: string;
}

/** POST /api/workflows. */
export async function createWorkflow({ template, ...body }: CreateWorkflowInput): Promise<Workflow> {
  return (await apiClient.post<{ workflow: Workflow }>('/api/workflows', { ...body, ...(template ? { template } : {}) })).data.workflow;
}

export function useCreateWorkflow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createWorkflow, onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }) });
}
