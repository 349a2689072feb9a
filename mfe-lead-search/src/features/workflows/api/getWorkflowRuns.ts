import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { workflowKeys, type WorkflowRunPage } from './getWorkflows';

export const RUNS_PAGE_SIZE = 10;

/** GET /api/workflows/{id}/runs: every run, newest first. */
export const getWorkflowRuns = (id: number, page: number, signal?: AbortSignal): Promise<WorkflowRunPage> =>
  api.get('/api/workflows/{id}/runs', { path: { id }, query: { page, pageSize: RUNS_PAGE_SIZE }, config: { signal } });

/** Polls while a run is going. */
export const workflowRunsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: workflowKeys.runs(id, page),
    queryFn: ({ signal }) => getWorkflowRuns(id, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.status === 'running') ? 1500 : false),
  });

export const useWorkflowRuns = (id: number, page: number) => useQuery(workflowRunsQuery(id, page));
