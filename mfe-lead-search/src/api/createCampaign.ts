import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';
import type { Campaign, SearchType } from './types';

export interface CreateCampaignInput {
  name: string;
  list_type: SearchType;
  /** Demo lists hold sample data and do not count toward the search limit (spec §4). */
  is_demo?: boolean;
}

export const createCampaign = async (input: CreateCampaignInput) => (await apiClient.post<{ campaign: Campaign }>('/api/campaigns', input)).data.campaign;

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }) });
}
