import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, v, yup } from '@leadsmith/shared';
import { apiKeyKeys } from './get-api-keys';

export const apiKeyNameSchema = yup.object({ name: v.required().max(100) });
export type ApiKeyNameInput = yup.InferType<typeof apiKeyNameSchema>;

/** POST /api/user-api-key: the answer carries the key, shown this once. */
export const createApiKey = (values: ApiKeyNameInput) => api.post('/api/user-api-key', { body: values });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
