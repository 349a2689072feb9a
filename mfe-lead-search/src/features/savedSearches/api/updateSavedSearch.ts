import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import { savedSearchKeys, type SavedSearch } from '../../../api/saveSearch';

export type UpdateSavedSearchInput = { id: number } & ApiBody<'/api/saved-searches/{id}', 'put'>;

/** PUT /api/saved-searches/{id}: rename, or change the alert (off, daily, weekly). */
export async function updateSavedSearch({ id, ...body }: UpdateSavedSearchInput): Promise<SavedSearch> {
  return (await api.put('/api/saved-searches/{id}', { path: { id }, body })).saved_search;
}

export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
