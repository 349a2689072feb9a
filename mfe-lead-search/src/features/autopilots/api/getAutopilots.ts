import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { Page, SearchType } from '../../../api/types';

export const AUTOPILOT_TYPES = ['basic', 'webhook'] as const;
export const REPEATS = ['daily', 'weekly', 'monthly', 'yearly', 'one-time'] as const;
export const PROMPT_TYPES = ['summary', 'first_line', 'subject', 'direct', 'similar', 'competitor', 'supplier', 'custom'] as const;
export const CRMS = ['ghl', 'keap', 'zapier', 'groove', 'sales_connector'] as const;
/** List types an autopilot can fill from this screen (each with one main filter). */
export const AUTOPILOT_LIST_TYPES: readonly SearchType[] = ['people', 'local', 'company'];

export type AutopilotType = (typeof AUTOPILOT_TYPES)[number];
export type Repeat = (typeof REPEATS)[number];
export type RunError = 'no_credits' | 'limit_reached' | 'job_running' | 'webhook_missing';

export interface AutopilotRun {
  id: number;
  autopilot_id: number;
  job_id: number | null;
  status: 'running' | 'done' | 'stopped' | 'failed';
  scheduled_for: string;
  started_at: string;
  finished_at: string | null;
  results_added: number;
  credits_spent: number;
  error: RunError | null;
  /** The steps after the search (enrichment, AI prompts, webhook, CRM): pending while they run. */
  actions_state: 'pending' | 'done' | null;
  enriched: number;
  enrich_credits: number;
  ai_processed: number;
  crm_sent: number;
  crm_unsent: number;
  /** Results the run's CRM send has still to push (it runs in the background). */
  crm_pending: number;
  webhook_sent: number;
  webhook_unsent: number;
  /** Why a step could not run. */
  step_errors: { step: 'enrichment' | 'ai' | 'webhook' | 'crm'; code: string }[];
}

export interface Autopilot {
  id: number;
  name: string;
  type: AutopilotType;
  repeat: Repeat;
  campaign_id: number;
  campaign: { id: number; name: string; list_type: SearchType; has_webhook: boolean };
  location: string;
  filters: Record<string, unknown>;
  max_results: number;
  enrichment: boolean;
  ai_prompts: string[];
  crm: string | null;
  status: 'active' | 'paused' | 'stopped' | 'completed';
  stop_reason: 'no_credits' | null;
  next_run_at: string | null;
  last_run_at: string | null;
  created_at: string;
  /** IANA zone the runs are scheduled in. */
  time_zone: string;
  last_run: AutopilotRun | null;
}

export const autopilotKeys = {
  all: ['leadSearch', 'autopilots'] as const,
  list: (page: number) => ['leadSearch', 'autopilots', 'list', page] as const,
  one: (id: number) => ['leadSearch', 'autopilots', 'one', id] as const,
  runs: (id: number, page: number) => ['leadSearch', 'autopilots', 'runs', id, page] as const,
};

/** `{type}-{id}` of the autopilot routes (spec §2: autopilot/{type}-{id}/edit). */
export const autopilotPath = (a: Pick<Autopilot, 'id' | 'type'>) => `/autopilot/${a.type}-${a.id}`;

export function parseAutopilotParam(typeId: string | undefined): number | null {
  const match = /^(basic|webhook)-(\d+)$/.exec(typeId ?? '');
  return match ? Number(match[2]) : null;
}

/** GET /api/autopilots: the account's autopilots, newest first. */
export async function getAutopilots(page: number, signal?: AbortSignal): Promise<Page<Autopilot>> {
  return (await apiClient.get<Page<Autopilot>>('/api/autopilots', { params: { page, limit: 20 }, signal })).data;
}

export const autopilotsQuery = (page: number) => queryOptions({ queryKey: autopilotKeys.list(page), queryFn: ({ signal }) => getAutopilots(page, signal), placeholderData: keepPreviousData });

export const useAutopilots = (page: number) => useQuery(autopilotsQuery(page));
