import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type AdminAiModel = ApiResponse<'/api/admin/ai-model', 'get'>;

export const aiModelKeys = { all: ['admin', 'ai-model'] as const };

/** GET /api/admin/ai-model: the platform's AI model, its class and the models to pick from. */
export const getAdminAiModel = (signal?: AbortSignal): Promise<AdminAiModel> =>
  api.get('/api/admin/ai-model', { config: { signal } });

export const adminAiModelQuery = () =>
  queryOptions({ queryKey: aiModelKeys.all, queryFn: ({ signal }) => getAdminAiModel(signal) });
export const useAdminAiModel = () => useQuery(adminAiModelQuery());

/** PUT /api/admin/ai-model: the answer is the new state. */
export function useSaveAiModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => api.put('/api/admin/ai-model', { body: { model } }),
    onSuccess: ({ code: _code, message: _message, ...state }) => client.setQueryData(aiModelKeys.all, state),
  });
}
