import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { workflowKeys, type Workflow } from './getWorkflows';

/** A template key, or none for a blank workflow (a trigger only). */
export type CreateWorkflowInput = ApiBody<'/api/workflows', 'post'>;

/** POST /api/workflows. */
export async function createWorkflow({ template, ...body }: CreateWorkflowInput): Promise<Workflow> {
  return (
    await apiClient.post<ApiResponse<'/api/workflows', 'post'>>('/api/workflows', {
      ...body,
      ...(template ? { template } : {}),
    })
  ).data.workflow;
}

export function useCreateWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
