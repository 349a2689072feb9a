import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SearchJob } from './types';

/** POST /api/searches/{id}/stop: results found so far stay; the unused search limit goes back. */
export const stopSearch = async (jobId: number) =>
  (await apiClient.post<{ job: SearchJob }>(`/api/searches/${jobId}/stop`)).data.job;

export function useStopSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stopSearch,
    onSuccess: () => client.invalidateQueries({ queryKey: ['leadSearch'] }),
  });
}
