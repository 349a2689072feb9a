import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export interface AiEngine {
  provider: 'embedded' | 'openai-compatible';
  /** The built-in deterministic engine: the screens say so. */
  embedded: boolean;
  model: string;
}

export interface AiStatus {
  /** Spec §5: AI tools need a completed business profile. */
  profile_completed: boolean;
  engine: AiEngine;
}

export async function getAiStatus(): Promise<AiStatus> {
  return (await apiClient.get<AiStatus>('/api/ai/status')).data;
}

/** Always fresh on mount: the profile is completed in another area (Settings), so a cached answer may be out of date. */
export const aiStatusQueryOptions = () => queryOptions({ queryKey: ['ai', 'status'], queryFn: getAiStatus, staleTime: 0 });

export const useAiStatus = () => useQuery(aiStatusQueryOptions());
