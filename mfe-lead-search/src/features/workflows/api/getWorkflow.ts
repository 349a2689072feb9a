import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys, type Workflow } from './getWorkflows';

/** GET /api/workflows/{id}: one workflow with its nodes and edges. */
export async function getWorkflow(id: number, signal?: AbortSignal): Promise<Workflow> {
  return (await apiClient.get<Workflow>(`/api/workflows/${id}`, { signal })).data;
}

export const workflowQuery = (id: number) =>
  queryOptions({ queryKey: workflowKeys.one(id), queryFn: ({ signal }) => getWorkflow(id, signal), retry: false });

export const useWorkflow = (id: number) => useQuery(workflowQuery(id));
