import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { workflowKeys, type NodeKind, type WorkflowEdge, type WorkflowNode } from './getWorkflows';

export interface WorkflowTemplate {
  key: string;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  node_kinds: NodeKind[];
}

/** GET /api/workflow-templates: the prebuilt workflows to start from (names translated here, by key). */
export async function getWorkflowTemplates(signal?: AbortSignal): Promise<WorkflowTemplate[]> {
  return (await apiClient.get<{ data: WorkflowTemplate[] }>('/api/workflow-templates', { signal })).data.data;
}

export const workflowTemplatesQuery = () =>
  queryOptions({
    queryKey: workflowKeys.templates,
    queryFn: ({ signal }) => getWorkflowTemplates(signal),
    staleTime: Infinity,
  });

export const useWorkflowTemplates = () => useQuery(workflowTemplatesQuery());
