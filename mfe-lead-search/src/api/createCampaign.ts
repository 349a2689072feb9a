import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';

/** `is_demo`: demo lists hold sample data and do not count toward the search limit (spec §4). */
export type CreateCampaignInput = ApiBody<'/api/campaigns', 'post'>;

export const createCampaign = async (input: CreateCampaignInput) =>
  (await api.post('/api/campaigns', { body: input })).campaign;

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
