import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import { apiKeyKeys } from './get-api-keys';

/** PUT /api/user-api-key/{id}: rename ({ name }) or revoke ({ revoked: true }). */
export const updateApiKey = ({ id, ...body }: { id: number } & ApiBody<'/api/user-api-key/{id}', 'put'>) =>
  api.put('/api/user-api-key/{id}', { path: { id }, body });

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
