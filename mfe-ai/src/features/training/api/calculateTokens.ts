import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SourceKind } from './getTraining';

export interface TokenEstimate {
  tokens: number;
  characters: number;
  chars_per_token: number;
  by_source: { kind: SourceKind; count: number; characters: number; tokens: number }[];
}

/** Spec §7 `POST api/calculate-tokens-ai-training`. */
export async function calculateTokens(sources: SourceKind[]): Promise<TokenEstimate> {
  return (await apiClient.post<TokenEstimate>('/api/calculate-tokens-ai-training', { sources })).data;
}

export const useCalculateTokens = () => useMutation({ mutationFn: calculateTokens });
