import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';

/** POST /api/campaigns/bulk-archive and /bulk-delete (spec §7: resultIds are campaign ids). */
export const bulkArchiveCampaigns = async (input: { resultIds: number[]; is_archived: boolean }) =>
  (await apiClient.post<{ updated: number }>('/api/campaigns/bulk-archive', input)).data;

export const bulkDeleteCampaigns = async (input: { resultIds: number[] }) => (await apiClient.post<{ deleted: number }>('/api/campaigns/bulk-delete', input)).data;

export function useBulkArchiveCampaigns() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bulkArchiveCampaigns, onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }) });
}

export function useBulkDeleteCampaigns() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bulkDeleteCampaigns, onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }) });
}
