import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { IcpSuggestion } from './getIcpSuggestions';

export interface GenerateIcpSuggestionsResponse {
  code: string;
  message: string;
  data: IcpSuggestion[];
  total: number;
}

/** A fresh set from the business profile (and the last training), replacing the previous one. */
export async function generateIcpSuggestions(): Promise<GenerateIcpSuggestionsResponse> {
  return (await apiClient.post<GenerateIcpSuggestionsResponse>('/api/ai/icp-suggestions', {})).data;
}

export function useGenerateIcpSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateIcpSuggestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ai', 'icp-suggestions'] }),
  });
}
