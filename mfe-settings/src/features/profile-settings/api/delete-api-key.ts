import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { apiKeyKeys } from './get-api-keys';

export async function deleteApiKey(id: number): Promise<void> {
  await apiClient.delete(`/api/user-api-key/${id}`);
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
