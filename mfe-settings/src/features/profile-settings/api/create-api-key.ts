import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import { apiKeyKeys, type ApiKey } from './get-api-keys';

export const apiKeyNameSchema = yup.object({ name: v.required().max(100) });
export type ApiKeyNameInput = yup.InferType<typeof apiKeyNameSchema>;

/** POST /api/user-api-key: the answer carries the key, shown this once. */
export async function createApiKey(values: ApiKeyNameInput): Promise<{ data: ApiKey; key: string }> {
  return (await apiClient.post<{ data: ApiKey; key: string }>('/api/user-api-key', values)).data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
