/** Shapes of the lead search API (api/src/routes/leadSearch). */
import { SEARCH_TYPES, type SearchType } from '@leadsmith/shared';

export { SEARCH_TYPES, type SearchType };
export type EmailStatus = 'looking' | 'found' | 'potential' | 'not_found';

export interface SearchJob {
  id: number;
  campaign_id: number;
  status: 'running' | 'done' | 'stopped';
  stop_reason: 'no_credits' | 'provider_exhausted' | 'user' | 'source_error' | 'failed' | null;
  /** The lead source that failed and why (e.g. { source: 'apollo', code: 'key_refused' }). */
  source_error: { source: string; code: string } | null;
  requested: number;
  produced: number;
  found: number;
  credits_charged: number;
  provider: string;
  demo_data: boolean;
  /** `unreachable`: no real source could be reached before the search found anything, so it shows demo data, free of charge. */
  demo_reason: 'unreachable' | null;
  search_type: SearchType;
  location: string;
  filters: Record<string, unknown>;
  created_at: string;
}

export interface Campaign {
  id: number;
  name: string;
  list_type: SearchType;
  search_type: string;
  tags: string[];
  source: string | null;
  archived: boolean;
  status: 'active' | 'incomplete';
  is_demo: boolean;
  result_count: number;
  has_webhook: boolean;
  created_at: string;
  updated_at: string;
  job: SearchJob | null;
  /** The latest get-phones / get-employees / enrich request of the list (single-list answers only). */
  enrichment?: EnrichmentJob | null;
}

/** A queued enrichment request: its progress, then its outcome (`stopped`: the credits ran out). */
export interface EnrichmentJob {
  id: number;
  campaign_id: number;
  kind: 'get-phones' | 'get-employees' | 'enrich';
  status: 'running' | 'done' | 'stopped' | 'failed';
  total: number;
  checked: number;
  found: number;
  credits_charged: number;
  stopped_no_credits: boolean;
  created_at: string;
  finished_at: string | null;
}

export interface LeadResult {
  id: number;
  name: string;
  company: string | null;
  job_title: string | null;
  website: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  email_status: EmailStatus;
  crm_status: 'sending' | 'sent' | 'unsent' | null;
  sent: boolean;
  manual: boolean;
  credits: number;
  labels: string[];
  data: Record<string, unknown>;
  created_at: string;
}

export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}

/** `{type}-{id}` of the saved-list routes (spec §2). */
export function listPath(campaign: Pick<Campaign, 'id' | 'list_type'>): string {
  return `${campaign.list_type}-${campaign.id}`;
}

export function parseListParam(typeId: string | undefined): { type: SearchType; id: number } | null {
  const match = /^([a-z]+)-(\d+)$/.exec(typeId ?? '');
  if (!match) return null;
  const type = match[1] as SearchType;
  return (SEARCH_TYPES as readonly string[]).includes(type) ? { type, id: Number(match[2]) } : null;
}
