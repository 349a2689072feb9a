import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export const NODE_KINDS = ['trigger', 'search', 'filter', 'research', 'content', 'connection', 'enrichment', 'label'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export const WORKFLOW_REPEATS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const FILTER_FIELDS = ['email_status', 'has_email', 'has_phone', 'job_title', 'company', 'name', 'city', 'website', 'label'] as const;
export const FILTER_OPERATORS = ['is', 'is_not', 'contains', 'not_contains'] as const;
export const CONTENT_TYPES = ['first_line', 'subject', 'email', 'summary'] as const;
export const ENRICH_ACTIONS = ['get_phones', 'get_employees', 'enrich_influencer'] as const;

export interface FilterCondition {
  field: (typeof FILTER_FIELDS)[number];
  operator: (typeof FILTER_OPERATORS)[number];
  value?: string;
}

/** Settings of a node (api/src/routes/leadSearch/workflowNodes.ts): each kind uses its own subset. */
export interface NodeSettings {
  mode?: 'manual' | 'schedule';
  repeat?: (typeof WORKFLOW_REPEATS)[number] | null;
  /** IANA zone a scheduled trigger's runs are counted in. */
  time_zone?: string;
  source_campaign_id?: number | null;
  source_limit?: number;
  campaign_id?: number | null;
  location?: string;
  count?: number;
  filters?: Record<string, unknown>;
  match?: 'all' | 'any';
  conditions?: FilterCondition[];
  prompt?: string;
  output_key?: string;
  content_type?: (typeof CONTENT_TYPES)[number];
  enrich?: (typeof ENRICH_ACTIONS)[number];
  label_id?: number | null;
  label_action?: 'add' | 'remove';
  target?: 'list_webhook';
  only_with_email?: boolean;
}

export interface WorkflowNode {
  id: string;
  kind: NodeKind;
  label?: string;
  position: { x: number; y: number };
  settings: NodeSettings;
}

export interface WorkflowEdge {
  id?: string;
  source: string;
  target: string;
}

export type RunError =
  | 'list_missing'
  | 'label_missing'
  | 'job_running'
  | 'no_credits'
  | 'limit_reached'
  | 'webhook_missing'
  | 'webhook_failed'
  | 'profile_incomplete'
  | 'ai_failed'
  | 'node_failed';

/** The API's answers (generated from its schemas). */
export type WorkflowPage = ApiResponse<'/api/workflows', 'get'>;
export type WorkflowSummary = WorkflowPage['data'][number];
export type Workflow = ApiResponse<'/api/workflows/{id}', 'get'>;
export type WorkflowRunPage = ApiResponse<'/api/workflows/{id}/runs', 'get'>;
export type WorkflowRun = WorkflowRunPage['data'][number];

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
  api.get('/api/workflows', { query: { page: q.page, pageSize: WORKFLOWS_PAGE_SIZE, ...(q.status ? { status: q.status } : {}) }, config: { signal } });

export const workflowsQuery = (q: WorkflowsQuery) => queryOptions({ queryKey: workflowKeys.list(q), queryFn: ({ signal }) => getWorkflows(q, signal), placeholderData: keepPreviousData });

export const useWorkflows = (q: WorkflowsQuery) => useQuery(workflowsQuery(q));
