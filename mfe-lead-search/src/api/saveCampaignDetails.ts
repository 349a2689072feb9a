import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';
import type { Campaign } from './types';

export interface CampaignDetailsInput {
  campaign_id: number;
  tags: string[];
  source: string | null;
}

/** POST /api/campaigns/details (spec §7: tags, source). */
export const saveCampaignDetails = async (input: CampaignDetailsInput) => (await apiClient.post<{ campaign: Campaign }>('/api/campaigns/details', input)).data.campaign;

export function useSaveCampaignDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignDetails,
    // The list page reads the campaign from its results query too: refresh the whole area's data.
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all.slice(0, 1) }),
  });
}
