import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from '../../../api/getCampaigns';
import type { Campaign, SearchJob, SearchType } from '../../../api/types';

export interface StartSearchInput {
  type: SearchType;
  campaign_id: number | null;
  location: string;
  count: number;
  filters: Record<string, unknown>;
}

export const startSearch = async (input: StartSearchInput) => (await apiClient.post<{ job: SearchJob; campaign: Campaign }>('/api/searches', input)).data;

export function useStartSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startSearch,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: campaignKeys.all });
      void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
    },
  });
}
