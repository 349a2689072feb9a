import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';
import { workflowKeys } from './getWorkflows';

/** One run with its per-node log: the API's answer (generated from its schema). */
export type WorkflowRunDetail = ApiResponse<'/api/workflows/{id}/runs/{runId}', 'get'>;
export type RunNodeLog = WorkflowRunDetail['nodes'][number];

/** GET /api/workflows/{id}/runs/{runId}: one run with its per-node log. */
export const getWorkflowRun = (id: number, runId: number, signal?: AbortSignal): Promise<WorkflowRunDetail> =>
  api.get('/api/workflows/{id}/runs/{runId}', { path: { id, runId }, config: { signal } });

/** Polls while the run is going. */
export const workflowRunQuery = (id: number, runId: number) =>
  queryOptions({
    queryKey: workflowKeys.run(id, runId),
    queryFn: ({ signal }) => getWorkflowRun(id, runId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });

export const useWorkflowRun = (id: number, runId: number | null) =>
  useQuery({ ...workflowRunQuery(id, runId ?? 0), enabled: runId !== null });
