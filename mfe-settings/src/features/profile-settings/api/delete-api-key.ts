import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { apiKeyKeys } from './get-api-keys';

export async function deleteApiKey(id: number): Promise<void> {
  await api.delete('/api/user-api-key/{id}', { path: { id } });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
