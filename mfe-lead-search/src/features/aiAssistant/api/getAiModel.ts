import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';

export type AiModelState = ApiResponse<'/api/ai-model', 'get'>;

/** GET /api/ai-model: the platform's AI model; with a GPT-3.5-class one there are no bulk AI actions (spec §9). */
export const getAiModel = async (signal?: AbortSignal) =>
  (await apiClient.get<AiModelState>('/api/ai-model', { signal, silent: true })).data;

export const aiModelQuery = () =>
  queryOptions({
    queryKey: ['leadSearch', 'ai-model'] as const,
    queryFn: ({ signal }) => getAiModel(signal),
    staleTime: 60_000,
  });

export const useAiModel = () => useQuery(aiModelQuery());
