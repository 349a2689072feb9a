import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';
import type { Campaign } from './types';

export const getCampaign = async (id: number, signal?: AbortSignal) =>
  (await apiClient.get<Campaign>(`/api/campaigns/${id}`, { signal })).data;

export const campaignQuery = (id: number) =>
  queryOptions({ queryKey: campaignKeys.one(id), queryFn: ({ signal }) => getCampaign(id, signal), enabled: id > 0 });

export const useCampaign = (id: number) => useQuery(campaignQuery(id));
