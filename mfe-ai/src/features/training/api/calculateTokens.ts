import { useMutation } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';
import type { SourceKind } from './getTraining';

export type TokenEstimate = ApiResponse<'/api/calculate-tokens-ai-training', 'post'>;

/** Spec §7 `POST api/calculate-tokens-ai-training`. */
export async function calculateTokens(sources: SourceKind[]): Promise<TokenEstimate> {
  return api.post('/api/calculate-tokens-ai-training', { body: { sources } });
}

export const useCalculateTokens = () => useMutation({ mutationFn: calculateTokens });
