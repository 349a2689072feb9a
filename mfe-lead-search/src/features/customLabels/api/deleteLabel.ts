import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

/** DELETE /api/custom-labels/{id}: the label goes, and so does it from every result carrying it. */
export async function deleteLabel(id: number): Promise<{ results_updated: number }> {
  return (await apiClient.delete<{ results_updated: number }>(`/api/custom-labels/${id}`)).data;
}

export function useDeleteLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLabel,
    onSuccess: () =>
      client.invalidateQueries({ queryKey: ['leadSearch'] }) /* labels, and the results that carried the label */,
  });
}
