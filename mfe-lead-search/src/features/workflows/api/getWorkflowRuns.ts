import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { Page } from '../../../api/types';
import { workflowKeys, type WorkflowRun } from './getWorkflows';

export const RUNS_PAGE_SIZE = 10;

/** GET /api/workflows/{id}/runs: every run, newest first. */
export async function getWorkflowRuns(id: number, page: number, signal?: AbortSignal): Promise<Page<WorkflowRun>> {
  return (await apiClient.get<Page<WorkflowRun>>(`/api/workflows/${id}/runs`, { params: { page, limit: RUNS_PAGE_SIZE }, signal })).data;
}

/** Polls while a run is going. */
export const workflowRunsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: workflowKeys.runs(id, page),
    queryFn: ({ signal }) => getWorkflowRuns(id, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.status === 'running') ? 1500 : false),
  });

export const useWorkflowRuns = (id: number, page: number) => useQuery(workflowRunsQuery(id, page));
