import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';
import type { Campaign } from './types';
import type { Undoable } from './undoOperation';

/** POST /api/campaigns/archive/{id} (spec §7): archive or unarchive one list; undoable (see showUndoToast). */
export const archiveCampaign = async ({ id, is_archived }: { id: number; is_archived: boolean }) =>
  (
    await apiClient.post<Undoable & { campaign: Campaign }>(
      `/api/campaigns/archive/${id}`,
      { is_archived },
      { ownToast: true },
    )
  ).data;

export function useArchiveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: archiveCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
