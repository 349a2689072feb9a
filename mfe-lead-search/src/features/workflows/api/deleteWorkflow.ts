import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys } from './getWorkflows';

/** DELETE /api/workflows/{id}. */
export async function deleteWorkflow(id: number): Promise<void> {
  await apiClient.delete(`/api/workflows/${id}`);
}

export function useDeleteWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
