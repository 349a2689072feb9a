/** Shapes of the lead search API (api/src/modules/leadSearch). */
import { SEARCH_TYPES, type ApiResponse, type SearchType } from '@leadsmith/shared';

export { SEARCH_TYPES, type SearchType };
/** A list (campaign) with its latest search and, on the single-list answers, its latest enrichment request. */
export type Campaign = ApiResponse<'/api/campaigns/{id}', 'get'>;
/** A search job: what filled a list, how far it got and why it stopped. */
export type SearchJob = NonNullable<Campaign['job']>;
/** A queued enrichment request: its progress, then its outcome (`stopped`: the credits ran out). */
export type EnrichmentJob = NonNullable<Campaign['enrichment']>;
/** One result of a list (every list type answers the same shape). */
export type LeadResult = ApiResponse<'/api/people-results/{id}/{resultId}', 'get'>;
export type EmailStatus = LeadResult['email_status'];

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
