import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';
import type { Campaign } from './types';

/** POST /api/campaigns/archive/{id} (spec §7): archive or unarchive one list. */
export const archiveCampaign = async ({ id, is_archived }: { id: number; is_archived: boolean }) =>
  (await apiClient.post<{ campaign: Campaign }>(`/api/campaigns/archive/${id}`, { is_archived })).data.campaign;

export function useArchiveCampaign() {
  const client = useQueryClient();
  return useMutation({ mutationFn: archiveCampaign, onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }) });
}
