import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

/** The node kinds and their settings' choices are the spec's, in shared (the API validates with the same lists). */
export {
  CONTENT_TYPES,
  ENRICH_ACTIONS,
  FILTER_FIELDS,
  FILTER_OPERATORS,
  NODE_KINDS,
  WORKFLOW_REPEATS,
  type NodeKind,
} from '@leadsmith/shared';

/** The API's answers (generated from its schemas). */
export type WorkflowPage = ApiResponse<'/api/workflows', 'get'>;
export type WorkflowSummary = WorkflowPage['data'][number];
export type Workflow = ApiResponse<'/api/workflows/{id}', 'get'>;
export type WorkflowRunPage = ApiResponse<'/api/workflows/{id}/runs', 'get'>;
export type WorkflowRun = WorkflowRunPage['data'][number];
export type WorkflowNode = Workflow['nodes'][number];
export type WorkflowEdge = Workflow['edges'][number];
/** Settings of a node: each kind uses its own subset. */
export type NodeSettings = WorkflowNode['settings'];
export type FilterCondition = NonNullable<NodeSettings['conditions']>[number];

export interface WorkflowsQuery {
  page: number;
  status?: '' | 'draft' | 'published';
}

export const WORKFLOWS_PAGE_SIZE = 20;

export const workflowKeys = {
  all: ['leadSearch', 'workflows'] as const,
  list: (q: WorkflowsQuery) => ['leadSearch', 'workflows', 'list', q] as const,
  one: (id: number) => ['leadSearch', 'workflows', 'one', id] as const,
  runs: (id: number, page: number) => ['leadSearch', 'workflows', 'runs', id, page] as const,
  run: (id: number, runId: number) => ['leadSearch', 'workflows', 'run', id, runId] as const,
  templates: ['leadSearch', 'workflows', 'templates'] as const,
};

/** GET /api/workflows: the account's workflows, newest first. */
export const getWorkflows = (q: WorkflowsQuery, signal?: AbortSignal): Promise<WorkflowPage> =>
  api.get('/api/workflows', {
    query: { page: q.page, pageSize: WORKFLOWS_PAGE_SIZE, ...(q.status ? { status: q.status } : {}) },
    config: { signal },
  });

export const workflowsQuery = (q: WorkflowsQuery) =>
  queryOptions({
    queryKey: workflowKeys.list(q),
    queryFn: ({ signal }) => getWorkflows(q, signal),
    placeholderData: keepPreviousData,
  });

export const useWorkflows = (q: WorkflowsQuery) => useQuery(workflowsQuery(q));
