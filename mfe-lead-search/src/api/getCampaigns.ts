import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { Campaign, Page, SearchType } from './types';

export type CampaignFilter = 'active' | 'incomplete' | 'archived';

export interface CampaignQuery {
  page?: number;
  limit?: number;
  filter?: CampaignFilter;
  search?: string;
  type?: SearchType;
}

export const campaignKeys = {
  all: ['leadSearch', 'campaigns'] as const,
  list: (q: CampaignQuery) => ['leadSearch', 'campaigns', 'list', q] as const,
  one: (id: number) => ['leadSearch', 'campaigns', 'one', id] as const,
};

export async function getCampaigns(q: CampaignQuery, signal?: AbortSignal): Promise<Page<Campaign>> {
  const params = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
  return (await apiClient.get<Page<Campaign>>('/api/campaigns', { params, signal })).data;
}

export const campaignsQuery = (q: CampaignQuery) => queryOptions({ queryKey: campaignKeys.list(q), queryFn: ({ signal }) => getCampaigns(q, signal), placeholderData: keepPreviousData });

export const useCampaigns = (q: CampaignQuery) => useQuery(campaignsQuery(q));
