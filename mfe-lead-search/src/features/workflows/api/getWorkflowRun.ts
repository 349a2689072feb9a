import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys, type NodeKind, type RunError, type WorkflowRun } from './getWorkflows';

export interface RunNodeLog {
  node_id: string;
  kind: NodeKind;
  label: string;
  position: number;
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  job_id: number | null;
  items_in: number;
  items_out: number;
  credits: number;
  detail: Record<string, unknown>;
  error: RunError | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface WorkflowRunDetail extends WorkflowRun {
  nodes: RunNodeLog[];
}

/** GET /api/workflows/{id}/runs/{runId}: one run with its per-node log. */
export async function getWorkflowRun(id: number, runId: number, signal?: AbortSignal): Promise<WorkflowRunDetail> {
  return (await apiClient.get<WorkflowRunDetail>(`/api/workflows/${id}/runs/${runId}`, { signal })).data;
}

/** Polls while the run is going. */
export const workflowRunQuery = (id: number, runId: number) =>
  queryOptions({
    queryKey: workflowKeys.run(id, runId),
    queryFn: ({ signal }) => getWorkflowRun(id, runId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });

export const useWorkflowRun = (id: number, runId: number | null) => useQuery({ ...workflowRunQuery(id, runId ?? 0), enabled: runId !== null });
