import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { savedSearchKeys } from '../../../api/saveSearch';

/** DELETE /api/saved-searches/{id}: the leads it added stay in their list. */
export const deleteSavedSearch = async (id: number): Promise<void> => {
  await api.delete('/api/saved-searches/{id}', { path: { id } });
};

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
