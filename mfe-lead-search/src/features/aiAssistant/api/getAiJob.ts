import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { useEffect } from 'react';
import { resultKeys } from '../../listResults/api/getResults';
import { assistantKeys, type AiJob } from './types';

/** GET /api/{type}-results/{id}/ai-jobs/{jobId}: progress of an AI action. */
export const getAiJob = async (type: string, listId: number, jobId: number) =>
  (await apiClient.get<AiJob>(`/api/${type}-results/${listId}/ai-jobs/${jobId}`)).data;

export const aiJobQuery = (type: string, listId: number, jobId: number) =>
  queryOptions({
    queryKey: assistantKeys.job(type, listId, jobId),
    queryFn: () => getAiJob(type, listId, jobId),
    // Polled while it runs.
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 1500),
  });

/** The job's progress; the list's rows are reloaded as texts arrive and when it ends. */
export function useAiJob(type: string, listId: number, job: AiJob | null) {
  const client = useQueryClient();
  const query = useQuery({
    ...aiJobQuery(type, listId, job?.id ?? 0),
    enabled: Boolean(job && job.status === 'running'),
    initialData: job ?? undefined,
  });
  const processed = query.data?.processed;
  useEffect(() => {
    if (processed) void client.invalidateQueries({ queryKey: resultKeys.all });
  }, [client, processed, query.data?.status]);
  return query;
}
