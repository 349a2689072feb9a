import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';

export type CampaignDetailsInput = ApiBody<'/api/campaigns/details', 'post'>;

/** POST /api/campaigns/details (spec §7: tags, source). */
export const saveCampaignDetails = async (input: CampaignDetailsInput) =>
  (await api.post('/api/campaigns/details', { body: input })).campaign;

export function useSaveCampaignDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignDetails,
    // The list page reads the campaign from its results query too: refresh the whole area's data.
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all.slice(0, 1) }),
  });
}
