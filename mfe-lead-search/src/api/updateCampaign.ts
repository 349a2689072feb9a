import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { campaignKeys } from './getCampaigns';
import type { Campaign } from './types';
import type { Undoable } from './undoOperation';

/** PUT /api/campaigns/{id} (spec §7): renames one list. */
export const renameCampaign = async ({ id, name }: { id: number; name: string }) =>
  (await apiClient.put<{ campaign: Campaign }>(`/api/campaigns/${id}`, { name })).data.campaign;

/** DELETE /api/campaigns/{id} (spec §7): moves one list to the trash; undoable (see showUndoToast). */
export const deleteCampaign = async (id: number) =>
  (await apiClient.delete<Undoable>(`/api/campaigns/${id}`, { ownToast: true })).data;

export function useRenameCampaign() {
  const client = useQueryClient();
  // The list page reads its name from the results query too: refresh the whole area's data.
  return useMutation({
    mutationFn: renameCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all.slice(0, 1) }),
  });
}

export function useDeleteCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
