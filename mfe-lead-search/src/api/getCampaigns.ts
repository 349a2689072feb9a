import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery, type ApiResponse } from '@leadsmith/shared';

export type CampaignQuery = NonNullable<ApiQuery<'/api/campaigns', 'get'>>;
export type CampaignFilter = NonNullable<CampaignQuery['filter']>;
export type CampaignPage = ApiResponse<'/api/campaigns', 'get'>;

export const campaignKeys = {
  all: ['leadSearch', 'campaigns'] as const,
  list: (q: CampaignQuery) => ['leadSearch', 'campaigns', 'list', q] as const,
  one: (id: number) => ['leadSearch', 'campaigns', 'one', id] as const,
};

export async function getCampaigns(q: CampaignQuery, signal?: AbortSignal): Promise<CampaignPage> {
  const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as CampaignQuery;
  return api.get('/api/campaigns', { query, config: { signal } });
}

export const campaignsQuery = (q: CampaignQuery) =>
  queryOptions({
    queryKey: campaignKeys.list(q),
    queryFn: ({ signal }) => getCampaigns(q, signal),
    placeholderData: keepPreviousData,
  });

export const useCampaigns = (q: CampaignQuery) => useQuery(campaignsQuery(q));
