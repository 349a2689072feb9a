import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { autopilotKeys } from './getAutopilots';

/** DELETE /api/autopilots/{id}. */
export async function deleteAutopilot(id: number): Promise<void> {
  await apiClient.delete(`/api/autopilots/${id}`);
}

export function useDeleteAutopilot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAutopilot,
    onSuccess: () => client.invalidateQueries({ queryKey: autopilotKeys.all }),
  });
}
