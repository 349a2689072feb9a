import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { apiKeyKeys, type ApiKey } from './get-api-keys';

/** PUT /api/user-api-key/{id}: rename ({ name }) or revoke ({ revoked: true }). */
export async function updateApiKey({ id, ...body }: { id: number; name?: string; revoked?: true }): Promise<{ data: ApiKey }> {
  return (await apiClient.put<{ data: ApiKey }>(`/api/user-api-key/${id}`, body)).data;
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
