import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type GenerateIcpSuggestionsResponse = ApiResponse<'/api/ai/icp-suggestions', 'post'>;

/** A fresh set from the business profile (and the last training), replacing the previous one. */
export const generateIcpSuggestions = (): Promise<GenerateIcpSuggestionsResponse> =>
  api.post('/api/ai/icp-suggestions', { body: {} });

export function useGenerateIcpSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateIcpSuggestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ai', 'icp-suggestions'] }),
  });
}
