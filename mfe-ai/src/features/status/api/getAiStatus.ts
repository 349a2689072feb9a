import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** Spec §5: AI tools need a completed business profile (`profile_completed`); `engine` says which engine answers. */
export type AiStatus = ApiResponse<'/api/ai/status', 'get'>;
export type AiEngine = AiStatus['engine'];

export const getAiStatus = (): Promise<AiStatus> => api.get('/api/ai/status');

/** Always fresh on mount: the profile is completed in another area (Settings), so a cached answer may be out of date. */
export const aiStatusQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'status'], queryFn: getAiStatus, staleTime: 0 });

export const useAiStatus = () => useQuery(aiStatusQueryOptions());
