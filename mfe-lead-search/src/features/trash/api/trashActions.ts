import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

/** POST /api/campaign-trash/{id}/restore: the list is back among the saved lists. */
export const restoreFromTrash = async (id: number) =>
  (await apiClient.post<{ message: string }>(`/api/campaign-trash/${id}/restore`)).data;

/** DELETE /api/campaign-trash/{id}: the list and its results are deleted for good. */
export const deleteForever = async (id: number) =>
  (await apiClient.delete<{ message: string }>(`/api/campaign-trash/${id}`)).data;

/** Both change the trash and the saved lists: every lead-search list query is refreshed. */
function useTrashMutation(fn: (id: number) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['leadSearch'] }) });
}

export const useRestoreFromTrash = () => useTrashMutation(restoreFromTrash);
export const useDeleteForever = () => useTrashMutation(deleteForever);
