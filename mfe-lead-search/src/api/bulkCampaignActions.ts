import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';
import type { Undoable } from './undoOperation';

/**
 * POST /api/campaigns/bulk-archive and /bulk-delete (spec §7: resultIds are campaign ids). Both can be undone: the
 * caller shows the answer with its Undo button (showUndoToast), so the client does not toast it.
 */
export const bulkArchiveCampaigns = async (input: { resultIds: number[]; is_archived: boolean }) =>
  (await apiClient.post<Undoable & { updated: number }>('/api/campaigns/bulk-archive', input, { ownToast: true })).data;

export const bulkDeleteCampaigns = async (input: { resultIds: number[] }) =>
  (await apiClient.post<Undoable & { deleted: number }>('/api/campaigns/bulk-delete', input, { ownToast: true })).data;

export function useBulkArchiveCampaigns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkArchiveCampaigns,
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useBulkDeleteCampaigns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteCampaigns,
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
